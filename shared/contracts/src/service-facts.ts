/**
 * What the shop's demo service texts state as fact, in one place: the cell-line authentication service
 * is described by the seeded (dynamic) service page and by its fixed page, and both must say the same.
 */
export const CELL_LINE_AUTHENTICATION = {
  strLoci: '17 autosomal STR loci plus Amelogenin',
  standard: 'ANSI/ATCC ASN-0002',
  referenceDatabases: 'the ATCC, DSMZ and Cellosaurus reference databases',
  turnaround: '5-7 business days',
} as const;

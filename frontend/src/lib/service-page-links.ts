/**
 * The five fixed service pages (back-office spec §2) by path and name: the pages themselves
 * (features/service-pages), the footer and other links share this list. Paths contain '&' as the
 * spec writes them; the router matches the decoded path, so '%26' reaches the same page.
 */
export const fixedServicePages = [
  {
    path: 'cell-line-identification-&-authentication-services',
    name: 'Cell Line Identification & Authentication Services',
  },
  { path: 'exosome-production-&-purification-services', name: 'Exosome Production & Purification Services' },
  { path: 'lentivirus-packaging-&-production-services', name: 'Lentivirus Packaging & Production Services' },
  { path: 'cell-based-bioassay-contract-research-services', name: 'Cell-Based Bioassay Contract Research Services' },
  { path: 'plasmid-production-services', name: 'Plasmid Production Services' },
] as const;

export type FixedServicePath = (typeof fixedServicePages)[number]['path'];

export const fixedServiceHref = (path: FixedServicePath) => `/${path}`;

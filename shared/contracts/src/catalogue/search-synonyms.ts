/**
 * Words lab buyers use for the same thing. Search treats every form in a group as the others: a detail whose
 * text holds one form is also found by the rest (a form of several words counts when all its words are there).
 * Lower case; the search stems them as it stems everything, so singulars and plurals need no entry.
 */
export const searchSynonyms: readonly (readonly string[])[] = [
  ['pipet', 'pipette'],
  ['ab', 'antibody'],
  ['fbs', 'fetal bovine serum', 'foetal bovine serum'],
  ['pcr', 'polymerase chain reaction'],
  ['elisa', 'immunoassay'],
  ['ecl', 'chemiluminescent'],
  ['pbs', 'phosphate buffered saline'],
  ['tube', 'vial'],
  ['dna', 'deoxyribonucleic acid'],
  ['rna', 'ribonucleic acid'],
  ['lb', 'luria broth', 'lysogeny broth'],
  ['ev', 'exosome', 'extracellular vesicle'],
];

import type { ServiceInput } from '@labshop/contracts/content/services-commands';
import { CELL_LINE_AUTHENTICATION as STR } from '@labshop/contracts/service-facts';

/** The four custom research services a new shop lists (home page, Services menu, /services). */
export const demoServices: readonly ServiceInput[] = [
  {
    heading: 'Cell Line Identification & Authentication',
    category: 'Cell Line Authentication',
    price: 'From $150 per sample',
    order: 1,
    isActive: true,
    content: [
      '<h2>STR profiling that journals and funders accept</h2>',
      `<p>We authenticate human cell lines by short tandem repeat (STR) profiling of ${STR.strLoci}, following ${STR.standard}, and compare each profile against ${STR.referenceDatabases}.</p>`,
      `<ul><li>Turnaround: <strong>${STR.turnaround}</strong> from receipt of the sample</li>`,
      '<li>Accepted samples: cell pellets (1×10<sup>6</sup> cells), genomic DNA or FTA cards</li>',
      '<li>Report with the electropherogram, the allele table and the percentage match</li>',
      '<li>Optional mycoplasma PCR test and interspecies contamination check</li></ul>',
    ].join(''),
  },
  {
    heading: 'Lentivirus Packaging & Production',
    category: 'Lentivirus Packaging',
    price: 'From $1,250 per construct',
    order: 2,
    isActive: true,
    content: [
      '<h2>High-titre lentivirus from your transfer plasmid</h2>',
      '<p>Third-generation packaging in HEK293T cells, concentrated by ultracentrifugation and titred by qPCR and by transduction of the cell line of your choice.</p>',
      '<ul><li>Turnaround: <strong>3-4 weeks</strong> from receipt of an endotoxin-free plasmid</li>',
      '<li>Scales from 10<sup>8</sup> to 10<sup>10</sup> TU, in 50 µl aliquots shipped on dry ice</li>',
      '<li>VSV-G or custom envelopes; GFP and luciferase reporter controls available</li>',
      '<li>Each lot tested for mycoplasma and sterility, with a certificate of analysis</li></ul>',
    ].join(''),
  },
  {
    heading: 'Exosome Production & Purification',
    category: 'Exosome Production',
    price: 'Quoted per project',
    order: 3,
    isActive: true,
    content: [
      '<h2>Extracellular vesicles from your cells or biofluids</h2>',
      '<p>We grow your cells in exosome-depleted medium and isolate vesicles by ultracentrifugation, size-exclusion chromatography or precipitation, as your downstream assay requires.</p>',
      '<ul><li>Characterisation by nanoparticle tracking analysis, TEM and Western blot (CD9, CD63, CD81, TSG101)</li>',
      '<li>Protein and RNA cargo extraction on request</li>',
      '<li>Turnaround: 3-5 weeks depending on the culture scale</li></ul>',
    ].join(''),
  },
  {
    heading: 'Plasmid DNA Manufacturing',
    category: 'Plasmid Production',
    price: 'From $300 per prep',
    order: 4,
    isActive: true,
    content: [
      '<h2>Research-grade plasmid DNA, from mini to giga scale</h2>',
      '<p>Transformation, culture and purification of your plasmid with low endotoxin levels, verified by restriction digest and Sanger sequencing of the insert junctions.</p>',
      '<ul><li>Yields from 100 µg to 10 mg; endotoxin below 0.1 EU/µg on request</li>',
      '<li>A260/280 of 1.8-2.0, supercoiled content above 80%</li>',
      '<li>Turnaround: 1-2 weeks from receipt of the bacterial stock or plasmid</li></ul>',
    ].join(''),
  },
];

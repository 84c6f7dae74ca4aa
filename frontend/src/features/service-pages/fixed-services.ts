import { CELL_LINE_AUTHENTICATION as STR } from '@labshop/contracts/service-facts';
import { fixedServicePages, type FixedServicePath } from '@/lib/service-page-links.ts';

/** What each of the five fixed service pages says (paths and names in lib/service-page-links.ts). */
export interface FixedServiceContent {
  lead: string;
  turnaround: string;
  overview: string[];
  deliverables: string[];
  sampleRequirements: string[];
  qualityControl: string[];
  /** A file visitors can download (served from the SPA's public folder). */
  download?: { href: string; label: string; description: string };
}

const contents: Record<FixedServicePath, FixedServiceContent> = {
  'cell-line-identification-&-authentication-services': {
    lead: 'STR profiling, species verification and mycoplasma testing that confirm your cell lines are what you think they are, before you publish or file.',
    turnaround: `${STR.turnaround} from receipt of samples`,
    overview: [
      'Misidentified and cross-contaminated cell lines undermine years of work. Most journals and the NIH now expect authentication of human cell lines used in published or funded research.',
      `We genotype human cell lines by short tandem repeat (STR) profiling of ${STR.strLoci} following ${STR.standard}, comparing the profile against ${STR.referenceDatabases}. Non-human lines are verified by species-specific PCR and mitochondrial COI barcoding. Every sample can be screened for mycoplasma at the same time.`,
    ],
    deliverables: [
      `STR profile across ${STR.strLoci}, with electropherograms`,
      'Percent match against reference databases (Tanabe/Masters algorithm) and an interpretation: authenticated, related, or mismatched',
      'Species identification report for non-human lines',
      'Mycoplasma PCR result (optional add-on), with positive and negative controls shown',
      'A signed certificate of analysis suitable for journal and grant submissions',
    ],
    sampleRequirements: [
      'A cell pellet of at least 1 × 10⁶ cells, or 1 µg of genomic DNA at ≥ 20 ng/µL',
      'For mycoplasma testing: 1 mL of culture supernatant from cells grown 3 days without antibiotics',
      'Ship on dry ice (pellets) or cold packs (DNA) Monday to Wednesday; label tubes with your sample IDs',
      'Include the completed sample submission form with the cell line name and its expected source',
    ],
    qualityControl: [
      'Each run includes a reference DNA of known profile (e.g. 9947A) and a no-template control',
      'Allele calls are reviewed by two analysts before a report is released',
      'Testing follows ICLAC guidance; results are retained for 5 years so a report can be reissued',
    ],
  },
  'exosome-production-&-purification-services': {
    lead: 'Extracellular vesicles from your cells or biofluids, isolated, characterised and ready for functional studies or biomarker discovery.',
    turnaround: '3-4 weeks for standard projects (scale-up and custom engineering quoted separately)',
    overview: [
      'We culture your cell line, or a line from our bank, in exosome-depleted conditions and collect conditioned medium in the volumes your study needs. Vesicles are isolated by differential ultracentrifugation, size-exclusion chromatography or tangential flow filtration, chosen for the purity and yield you need.',
      'Every preparation is characterised to the MISEV2023 guidelines, so your results are comparable with the published literature.',
    ],
    deliverables: [
      'Purified exosomes in PBS or your chosen buffer, aliquoted and shipped on dry ice',
      'Particle concentration and size distribution by nanoparticle tracking analysis (NTA)',
      'Total protein (BCA) and the particle-to-protein ratio as a purity indicator',
      'Western blot for CD9, CD63, CD81 and TSG101, with calnexin as a negative marker',
      'Transmission electron microscopy images on request',
    ],
    sampleRequirements: [
      'Cells: a frozen vial or a growing flask of your line, with its culture conditions',
      'Biofluids: at least 1 mL of plasma or serum, or 10 mL of urine or conditioned medium, frozen at -80 °C',
      'Avoid repeated freeze-thaw; ship on dry ice with a completed sample submission form',
    ],
    qualityControl: [
      'Cells are tested mycoplasma-negative before production',
      'Endotoxin testing (LAL) for preparations intended for in vivo use',
      'Batch records document the culture, isolation and characterisation of every lot',
    ],
  },
  'lentivirus-packaging-&-production-services': {
    lead: 'High-titer, third-generation lentiviral particles packaged from your transfer plasmid, for transduction of hard-to-transfect and primary cells.',
    turnaround: '3-4 weeks from receipt of an acceptable transfer plasmid',
    overview: [
      'We package your transfer vector in HEK293T cells with third-generation, self-inactivating packaging plasmids and a VSV-G envelope (other pseudotypes on request). Supernatant is clarified, concentrated by ultracentrifugation or tangential flow filtration, and titered.',
      'Choose research grade for cell culture work, or purified high-titer virus for in vivo studies. We can also clone your gene of interest into one of our lentiviral backbones before packaging.',
    ],
    deliverables: [
      'Concentrated lentivirus in aliquots of 25-100 µL, shipped on dry ice',
      'Physical titer by p24 ELISA and functional titer by qPCR or flow cytometry (typically ≥ 1 × 10⁸ TU/mL concentrated)',
      'A control virus (GFP) packaged in parallel, on request',
      'A certificate of analysis with titer, sterility and mycoplasma results',
    ],
    sampleRequirements: [
      'At least 20 µg of endotoxin-free transfer plasmid at ≥ 0.5 µg/µL, with its full sequence or map',
      'Inserts up to about 8 kb between the LTRs package efficiently; larger inserts lower the titer',
      'Tell us the selection marker or reporter so the right functional titer assay is used',
    ],
    qualityControl: [
      'Transfer plasmid identity confirmed by restriction digest and sequencing before packaging',
      'Sterility and mycoplasma testing of every lot',
      'Replication-competent lentivirus (RCL) testing available for in vivo grade lots',
      'Production in a BSL-2 facility under documented procedures',
    ],
  },
  'cell-based-bioassay-contract-research-services': {
    lead: 'Potency, cytotoxicity and mechanism-of-action assays designed, run and reported by cell biologists, from a single study to a validated method.',
    turnaround: '2-6 weeks depending on the assay (a timeline comes with every quote)',
    overview: [
      'We run cell viability and cytotoxicity (MTT, ATP luminescence, LDH release), proliferation, apoptosis (caspase 3/7, Annexin V), reporter gene, cytokine release and receptor signalling assays in 96- and 384-well formats.',
      'For biologics and cell therapies we develop and qualify potency assays with the precision, linearity and range that an IND or BLA needs, following ICH Q2(R2) and the FDA guidance on potency assurance. Studies can be run under GLP on request.',
    ],
    deliverables: [
      'A study plan agreed with you before work starts',
      'Raw data, dose-response curves and EC50/IC50 values with confidence intervals',
      'A written report with methods, results and deviations; method qualification reports where applicable',
      'Assay transfer to your laboratory, with training, on request',
    ],
    sampleRequirements: [
      'Test articles with their concentration, formulation buffer and storage conditions',
      'Safety data sheets for any hazardous compound',
      'Your cell line, or a line from our authenticated bank',
    ],
    qualityControl: [
      'All cell lines are STR-authenticated and mycoplasma-negative',
      'Reference standards and positive controls on every plate; plates accepted on Z′-factor and control criteria',
      'Data integrity per 21 CFR Part 11 for GLP studies',
    ],
  },
  'plasmid-production-services': {
    lead: 'Research-grade and high-quality plasmid DNA, from micrograms to grams, with the endotoxin levels and documentation your application needs.',
    turnaround: '5-10 business days for research grade up to 10 mg; larger scales quoted',
    overview: [
      'Send us a glycerol stock, a bacterial stab or purified plasmid: we transform, grow and purify your plasmid by anion-exchange chromatography, with endotoxin removal for transfection and viral packaging work.',
      'Grades range from research grade (transfection-ready) to high-quality grade with extended QC for preclinical studies. Download the sample data sheet below to see what every lot ships with.',
    ],
    deliverables: [
      'Purified plasmid DNA in TE or water at your chosen concentration (typically 1 mg/mL)',
      'A lot-specific data sheet: concentration, A260/280, supercoiled content, endotoxin and identity results',
      'Agarose gel image of the uncut and digested plasmid',
      'Sanger sequencing of the insert junctions, or full-plasmid sequencing on request',
    ],
    sampleRequirements: [
      '10 µg of plasmid DNA, a glycerol stock or a bacterial stab, with the plasmid map and antibiotic resistance',
      'Plasmids up to 20 kb; low-copy and unstable plasmids are welcome, tell us so we adjust the growth',
      'Ship at room temperature (DNA) or on dry ice (glycerol stocks)',
    ],
    qualityControl: [
      'A260/280 between 1.8 and 2.0',
      'Supercoiled content ≥ 90% by agarose gel or capillary electrophoresis',
      'Endotoxin < 0.1 EU/µg by LAL for endotoxin-free grades',
      'Identity by restriction digest and sequencing; sterility on request',
    ],
    download: {
      href: '/downloads/plasmid-sample-data-sheet.pdf',
      label: 'Download the sample data sheet (PDF)',
      description: 'An example of the data sheet that ships with every plasmid lot.',
    },
  },
};

/** A page: its path, its name (the heading, and what the inquiry form is preselected to) and its content. */
export type FixedService = FixedServiceContent & { path: FixedServicePath; name: string };

export const fixedServices: readonly FixedService[] = fixedServicePages.map((page) => ({
  ...page,
  ...contents[page.path],
}));

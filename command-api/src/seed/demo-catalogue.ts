import type { Rgb } from './png.ts';

/**
 * The demo catalogue: the nine categories the storefront spec names, each with 3-6 subproducts whose
 * pack sizes become details. Prices are list prices in cents for the smallest pack.
 */
export interface DemoSubproduct {
  name: string;
  /** Pack sizes, smallest first; each becomes a detail (product type). */
  packs: readonly string[];
  basePriceCents: number;
  blurb: string;
  /** Frozen goods: its details ship on dry ice (the checkout's cold-chain surcharge). */
  shipsOnDryIce?: boolean;
}

export interface DemoProduct {
  name: string;
  colour: Rgb;
  catalogPrefix: string;
  description: string;
  subproducts: readonly DemoSubproduct[];
}

export const demoCatalogue: readonly DemoProduct[] = [
  {
    name: 'Cell Culture Products',
    colour: [34, 118, 170],
    catalogPrefix: 'CC',
    description: 'Vessels, media supplements and plastics for adherent and suspension culture.',
    subproducts: [
      {
        name: 'Cell Culture Flasks',
        packs: ['T25, 20 pcs', 'T75, 20 pcs', 'T175, 10 pcs', 'T75, 100 pcs'],
        basePriceCents: 4_850,
        blurb: 'Tissue-culture treated polystyrene flasks with vented caps.',
      },
      {
        name: 'Cell Culture Plates',
        packs: ['6-well, 50 pcs', '24-well, 50 pcs', '96-well, 50 pcs'],
        basePriceCents: 6_900,
        blurb: 'Flat-bottom plates with a uniform, treated growth surface.',
      },
      {
        name: 'Serological Pipettes',
        packs: ['5 ml, 200 pcs', '10 ml, 200 pcs', '25 ml, 150 pcs', '50 ml, 100 pcs'],
        basePriceCents: 3_900,
        blurb: 'Individually wrapped, sterile, with colour-coded bands.',
      },
      {
        name: 'Cryogenic Vials',
        packs: ['1.2 ml, 500 pcs', '2 ml, 500 pcs', '5 ml, 250 pcs'],
        basePriceCents: 7_400,
        blurb: 'Internal-thread vials for storage in the vapour phase of liquid nitrogen.',
      },
      {
        name: 'Fetal Bovine Serum',
        packs: ['100 ml', '500 ml', '6 x 500 ml'],
        basePriceCents: 18_900,
        blurb: 'Heat-inactivated, triple 0.1 µm filtered, US origin.',
        shipsOnDryIce: true,
      },
    ],
  },
  {
    name: 'Mycoplasma',
    colour: [170, 60, 70],
    catalogPrefix: 'MY',
    description: 'Detection, elimination and prevention of mycoplasma contamination.',
    subproducts: [
      {
        name: 'Mycoplasma PCR Detection Kits',
        packs: ['25 tests', '50 tests', '100 tests', '250 tests'],
        basePriceCents: 29_500,
        blurb: 'Detects more than 200 mycoplasma species in 3 hours.',
      },
      {
        name: 'Mycoplasma Elimination Reagents',
        packs: ['1 ml', '5 ml', '10 ml'],
        basePriceCents: 21_000,
        blurb: 'Clears mycoplasma from valuable cultures within two weeks.',
      },
      {
        name: 'Mycoplasma Removal Agents',
        packs: ['5 ml', '20 ml', '50 ml'],
        basePriceCents: 16_500,
        blurb: 'Non-toxic agent for routine prevention in culture media.',
      },
      {
        name: 'Mycoplasma Stain Kits',
        packs: ['50 tests', '200 tests'],
        basePriceCents: 12_900,
        blurb: 'DNA fluorochrome staining for a quick microscopic check.',
      },
    ],
  },
  {
    name: 'Dna/rna Isolation Kits',
    colour: [60, 140, 90],
    catalogPrefix: 'NA',
    description: 'Spin-column and magnetic-bead kits for pure nucleic acids from any sample.',
    subproducts: [
      {
        name: 'Genomic DNA Kits',
        packs: ['10 preps', '50 preps', '250 preps'],
        basePriceCents: 8_900,
        blurb: 'High-molecular-weight DNA from blood, cells and tissue.',
      },
      {
        name: 'Plasmid Miniprep Kits',
        packs: ['50 preps', '250 preps', '500 preps'],
        basePriceCents: 9_500,
        blurb: 'Transfection-grade plasmid DNA in 15 minutes.',
      },
      {
        name: 'Total RNA Kits',
        packs: ['10 preps', '50 preps', '250 preps', '1000 preps'],
        basePriceCents: 11_900,
        blurb: 'Intact total RNA with on-column DNase digestion.',
      },
      {
        name: 'Viral RNA Kits',
        packs: ['50 preps', '250 preps'],
        basePriceCents: 15_400,
        blurb: 'Viral RNA from plasma, serum and swab media.',
      },
      {
        name: 'cfDNA Kits',
        packs: ['20 preps', '50 preps', '100 preps'],
        basePriceCents: 24_900,
        blurb: 'Cell-free DNA from up to 5 ml of plasma.',
      },
    ],
  },
  {
    name: 'Exosome Isolation Purification & Analysis',
    colour: [120, 80, 160],
    catalogPrefix: 'EX',
    description: 'Isolate, purify and characterise extracellular vesicles.',
    subproducts: [
      {
        name: 'Exosome Isolation Reagents',
        packs: ['20 reactions', '50 reactions', '100 reactions'],
        basePriceCents: 34_500,
        blurb: 'Polymer-based precipitation from serum, plasma and media.',
      },
      {
        name: 'Exosome Purification Columns',
        packs: ['5 columns', '20 columns', '50 columns'],
        basePriceCents: 42_000,
        blurb: 'Size-exclusion columns that keep vesicles intact.',
      },
      {
        name: 'Exosome Antibodies',
        packs: ['CD63, 100 µg', 'CD81, 100 µg', 'CD9, 100 µg', 'TSG101, 100 µg'],
        basePriceCents: 38_900,
        blurb: 'Validated markers for western blot and flow cytometry.',
      },
      {
        name: 'Exosome Standards',
        packs: ['100 µg', '500 µg'],
        basePriceCents: 29_900,
        blurb: 'Lyophilised vesicles from characterised cell lines.',
      },
    ],
  },
  {
    name: 'Western Blot',
    colour: [70, 70, 90],
    catalogPrefix: 'WB',
    description: 'Membranes, buffers and substrates for sensitive protein detection.',
    subproducts: [
      {
        name: 'PVDF Membranes',
        packs: ['0.2 µm, 10 sheets', '0.45 µm, 10 sheets', '0.45 µm roll, 3.3 m'],
        basePriceCents: 9_800,
        blurb: 'High protein binding with low background.',
      },
      {
        name: 'Nitrocellulose Membranes',
        packs: ['0.2 µm, 10 sheets', '0.45 µm, 10 sheets', '0.45 µm roll, 3 m'],
        basePriceCents: 8_900,
        blurb: 'Supported nitrocellulose for easy handling.',
      },
      {
        name: 'Blocking Buffers',
        packs: ['500 ml', '1 L', '4 x 1 L'],
        basePriceCents: 6_500,
        blurb: 'Protein-free blocking for phospho-specific antibodies.',
      },
      {
        name: 'ECL Substrates',
        packs: ['100 ml', '500 ml', 'Femto, 100 ml'],
        basePriceCents: 14_900,
        blurb: 'Chemiluminescent detection down to low femtogram levels.',
      },
      {
        name: 'Transfer Buffers',
        packs: ['10x, 1 L', '10x, 4 L'],
        basePriceCents: 4_900,
        blurb: 'Ready-to-dilute Tris-glycine transfer buffer.',
      },
      {
        name: 'Primary Antibodies',
        packs: ['GAPDH, 100 µl', 'Beta-actin, 100 µl', 'Alpha-tubulin, 100 µl'],
        basePriceCents: 32_500,
        blurb: 'Loading-control antibodies validated for western blot.',
      },
    ],
  },
  {
    name: 'Electrophoresis',
    colour: [200, 120, 40],
    catalogPrefix: 'EL',
    description: 'Everything to separate DNA, RNA and proteins by size.',
    subproducts: [
      {
        name: 'Agarose',
        packs: ['100 g', '500 g', 'Low melt, 25 g'],
        basePriceCents: 7_900,
        blurb: 'Molecular-biology grade, low EEO, DNase/RNase-free.',
      },
      {
        name: 'Precast Gels',
        packs: ['4-20%, 10 gels', '10%, 10 gels', '12%, 10 gels'],
        basePriceCents: 16_900,
        blurb: 'Tris-glycine gels with a 12-month shelf life.',
      },
      {
        name: 'DNA Ladders',
        packs: ['100 bp, 500 µl', '1 kb, 500 µl', '1 kb plus, 500 µl'],
        basePriceCents: 8_400,
        blurb: 'Ready-to-load ladders with bright reference bands.',
      },
      {
        name: 'Gel Stains',
        packs: ['10,000x, 500 µl', '10,000x, 1 ml'],
        basePriceCents: 11_500,
        blurb: 'A safe, sensitive alternative to ethidium bromide.',
      },
    ],
  },
  {
    name: 'Lab Consumables',
    colour: [40, 150, 160],
    catalogPrefix: 'LC',
    description: 'Everyday plastics and protection for the bench.',
    subproducts: [
      {
        name: 'Pipette Tips',
        packs: ['10 µl, 960 pcs', '200 µl, 960 pcs', '1000 µl, 768 pcs', 'Filter 200 µl, 960 pcs'],
        basePriceCents: 3_400,
        blurb: 'Racked, sterile, low-retention tips.',
      },
      {
        name: 'Microcentrifuge Tubes',
        packs: ['0.5 ml, 1000 pcs', '1.5 ml, 500 pcs', '2 ml, 500 pcs'],
        basePriceCents: 2_800,
        blurb: 'Polypropylene tubes with a secure snap cap.',
      },
      {
        name: 'Nitrile Gloves',
        packs: ['S, 100 pcs', 'M, 100 pcs', 'L, 100 pcs', 'XL, 100 pcs'],
        basePriceCents: 1_600,
        blurb: 'Powder-free, textured fingertips.',
      },
      {
        name: 'Cell Scrapers',
        packs: ['25 cm, 100 pcs', '39 cm, 100 pcs'],
        basePriceCents: 5_900,
        blurb: 'Rotating blade, individually wrapped and sterile.',
      },
      {
        name: 'PCR Plates',
        packs: ['96-well, 25 pcs', '384-well, 25 pcs'],
        basePriceCents: 8_700,
        blurb: 'Thin-wall plates for fast, even heat transfer.',
      },
    ],
  },
  {
    name: 'Laboratory Instruments',
    colour: [90, 100, 120],
    catalogPrefix: 'LI',
    description: 'Compact benchtop instruments for daily routine.',
    subproducts: [
      {
        name: 'Mini Centrifuges',
        packs: ['6,000 rpm', '10,000 rpm', 'With strip rotor'],
        basePriceCents: 39_900,
        blurb: 'Quiet, small footprint, spins in seconds.',
      },
      {
        name: 'Vortex Mixers',
        packs: ['Fixed speed', 'Variable speed', 'With tube holder'],
        basePriceCents: 24_900,
        blurb: 'Touch or continuous mode, heavy cast base.',
      },
      {
        name: 'Dry Bath Incubators',
        packs: ['1 block', '2 blocks', '4 blocks'],
        basePriceCents: 54_000,
        blurb: 'Digital temperature control up to 100 °C.',
      },
      {
        name: 'Magnetic Stirrers',
        packs: ['Without heating', 'With hot plate'],
        basePriceCents: 31_500,
        blurb: 'Stirs up to 3 litres smoothly.',
      },
    ],
  },
  {
    name: 'Microbiology Culture Media & Buffers',
    colour: [150, 130, 50],
    catalogPrefix: 'MB',
    description: 'Ready-to-use media, broths and buffers.',
    subproducts: [
      {
        name: 'LB Broth',
        packs: ['250 g', '500 g', '2 kg'],
        basePriceCents: 4_900,
        blurb: 'Lennox formulation, powder, for E. coli culture.',
      },
      {
        name: 'Agar Plates',
        packs: ['LB agar, 20 plates', 'LB amp, 20 plates', 'Blood agar, 20 plates'],
        basePriceCents: 3_900,
        blurb: 'Poured plates with a 3-month shelf life.',
      },
      {
        name: 'PBS Buffer',
        packs: ['1x, 500 ml', '10x, 1 L', 'Tablets, 100'],
        basePriceCents: 2_900,
        blurb: 'Calcium- and magnesium-free, sterile filtered.',
      },
      {
        name: 'TAE Buffer',
        packs: ['50x, 1 L', '10x, 4 L'],
        basePriceCents: 3_600,
        blurb: 'Electrophoresis buffer for agarose gels.',
      },
      {
        name: 'Tryptic Soy Broth',
        packs: ['500 g', '2 kg'],
        basePriceCents: 6_100,
        blurb: 'General-purpose medium for fastidious organisms.',
      },
    ],
  },
];

import type { EventStore, Position } from '@labshop/platform/event-store/port';
import { givenEvents } from '@labshop/platform/testing/given-events';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type CatalogueEvent,
  type DetailFields,
  type ProductStreamEvent,
  type SubproductStreamEvent,
} from '@labshop/contracts/catalogue/events';

/**
 * A catalogue of the storefront's size and shape for the benchmark, written as events straight to the
 * store (the read side is measured, not the command API): nine categories of five subproducts, their
 * details spread evenly, each with rich contents and three price tiers, the first of each subproduct with
 * an image. Names are chosen so the benchmark's suggestion queries find prefixes, infixes and nothing.
 */
const CATEGORIES: readonly [string, readonly string[]][] = [
  [
    'Cell Culture Products',
    ['Cell Culture Flasks', 'Cell Culture Plates', 'Serological Pipettes', 'Cryogenic Vials', 'Fetal Bovine Serum'],
  ],
  [
    'Mycoplasma',
    [
      'Mycoplasma PCR Detection Kits',
      'Mycoplasma Elimination Reagents',
      'Mycoplasma Removal Agents',
      'Mycoplasma Stain Kits',
      'Mycoplasma Standards',
    ],
  ],
  [
    'Dna/rna Isolation Kits',
    ['Genomic DNA Kits', 'Plasmid Miniprep Kits', 'Total RNA Kits', 'Viral RNA Kits', 'cfDNA Kits'],
  ],
  [
    'Exosome Isolation Purification & Analysis',
    [
      'Exosome Isolation Reagents',
      'Exosome Purification Columns',
      'Exosome Antibodies',
      'Exosome Standards',
      'Exosome ELISA Kits',
    ],
  ],
  ['Western Blot', ['PVDF Membranes', 'Blocking Buffers', 'ECL Substrates', 'Transfer Buffers', 'Primary Antibodies']],
  ['Electrophoresis', ['Agarose', 'Precast Gels', 'DNA Ladders', 'Gel Stains', 'Running Buffers']],
  ['Lab Consumables', ['Pipette Tips', 'Filter Pipette Tips', 'Microcentrifuge Tubes', 'Nitrile Gloves', 'PCR Plates']],
  [
    'Laboratory Instruments',
    ['Mini Centrifuges', 'Vortex Mixers', 'Dry Bath Incubators', 'Magnetic Stirrers', 'Pipette Controllers'],
  ],
  [
    'Microbiology Culture Media & Buffers',
    ['LB Broth', 'Agar Plates', 'PBS Buffer', 'TAE Buffer', 'Tryptic Soy Broth'],
  ],
];
const PACKS = ['5 ml', '500 ml', '25 tests', '100 tests', '10 µl, 960 pcs', '200 µl, 480 pcs', '50 preps', '1 kit'];
const APPEND_CHUNK = 250;

export const benchSubproductCount = CATEGORIES.reduce((sum, [, subproducts]) => sum + subproducts.length, 0);

function fields(subproduct: string, pack: string, index: number, prefix: string): DetailFields {
  const priceCents = 2_000 + ((index * 3_700) % 60_000);
  const catalogNumber = `${prefix}-${String(index + 1).padStart(5, '0')}`;
  return {
    productType: pack,
    quantity: index % 13 === 0 ? 0 : (index * 37) % 400,
    priceCents,
    addPercentage: index % 4 === 3 ? 10 : 0,
    priceTiers: [1, 5, 10].map((count, tier) => ({
      priceCents: Math.round(priceCents * count * (1 - tier * 0.08)),
      packSize: count === 1 ? pack : `${count} x ${pack}`.slice(0, 50),
      description: `${subproduct} ${pack}`,
      catalogNumber: count === 1 ? catalogNumber : `${catalogNumber}-${count}`,
    })),
    catalogNumber,
    innerPackageId: `IP-${catalogNumber}`,
    bestseller: index % 50 === 0,
    featured: index % 200 === 1,
    featuredText: index % 200 === 1 ? `New: ${subproduct}, ${pack}.` : '',
    contents: [
      `<h3>${subproduct}, ${pack}</h3>`,
      `<p>${subproduct} for research use, supplied as ${pack}. Lot-tested for consistency; certificate of analysis with every lot.</p>`,
      '<ul><li>Storage: see label</li><li>Shelf life: 24 months</li><li>For research use only</li></ul>',
    ].join(''),
    productUrl: null,
  };
}

/** Appends the catalogue (about `targetDetails` details) and answers the position of its last event. */
export async function appendBenchCatalogue(
  eventStore: EventStore,
  targetDetails: number,
): Promise<{ details: number; position: Position }> {
  const perSubproduct = Math.max(1, Math.ceil(targetDetails / benchSubproductCount));
  let details = 0;
  let position: Position = '';
  for (const [productIndex, [productName, subproductNames]] of CATEGORIES.entries()) {
    const productId = crypto.randomUUID();
    await givenEvents<CatalogueEvent>(eventStore, CATALOGUE_STREAM, [
      { type: 'ProductCreated', data: { productId, name: productName, displayOrder: productIndex } },
    ]);
    const prefix = productName.slice(0, 2).toUpperCase();
    for (const [subproductIndex, subproductName] of subproductNames.entries()) {
      const subproductId = crypto.randomUUID();
      await givenEvents<ProductStreamEvent>(eventStore, productStream(productId), [
        {
          type: 'SubproductCreated',
          data: { productId, subproductId, name: subproductName, displayOrder: subproductIndex },
        },
      ]);
      const events: SubproductStreamEvent[] = [];
      for (let index = 0; index < perSubproduct; index++) {
        const detailId = crypto.randomUUID();
        const pack =
          index < PACKS.length
            ? PACKS[index]!
            : `${PACKS[index % PACKS.length]!} lot ${Math.floor(index / PACKS.length)}`;
        events.push({
          type: 'DetailCreated',
          data: {
            productId,
            subproductId,
            detailId,
            displayOrder: index,
            fields: fields(subproductName, pack, details + index, prefix),
          },
        });
        if (index === 0) {
          const file = {
            name: `${crypto.randomUUID().replaceAll('-', '').repeat(2)}.png`,
            originalName: 'photo.png',
            contentType: 'image/png',
            size: 4_096,
          } as const;
          events.push({ type: 'DetailFileAttached', data: { productId, subproductId, detailId, slot: 'image', file } });
        }
      }
      for (let start = 0; start < events.length; start += APPEND_CHUNK) {
        position = await givenEvents(
          eventStore,
          subproductStream(subproductId),
          events.slice(start, start + APPEND_CHUNK),
        );
      }
      details += perSubproduct;
    }
  }
  return { details, position };
}

import type { CreateDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { mulberry32 } from '@labshop/platform/seeded-random';
import type { FileSlot } from '@labshop/contracts/catalogue/events';
import type { DemoProduct, DemoSubproduct } from './demo-catalogue.ts';
import { tilePng } from './png.ts';
import { textPdf } from './pdf.ts';

export interface DemoFile {
  fileName: string;
  contentType: string;
  bytes: () => Buffer;
}

export interface DemoDetail {
  fields: CreateDetailInput;
  files: Partial<Record<FileSlot, DemoFile>>;
}

const SAMPLE_SIZE = 'Sample size';
const DISCOUNTS = [5, 10, 15, 20];

/** Where a subproduct sits in the demo catalogue: its flags and discounts depend on it. */
export interface Place {
  productIndex: number;
  subproductIndex: number;
}

/**
 * The details of one demo subproduct: one per pack size (plus a sample size when it has three or
 * fewer), and, for benchmarks, `extra` more lots of the same packs without files. Everything is
 * derived from names and positions, so every run plans exactly the same details.
 */
export function demoDetails(product: DemoProduct, subproduct: DemoSubproduct, place: Place, extra = 0): DemoDetail[] {
  const packs = subproduct.packs.length <= 3 ? [...subproduct.packs, SAMPLE_SIZE] : [...subproduct.packs];
  const random = seededRandom(`${product.name}/${subproduct.name}`);
  const files = demoFiles(product, subproduct, place);
  const planned: DemoDetail[] = packs.map((pack, index) => ({
    ...detail(product, subproduct, place, pack, index, random),
    files: index === 0 ? files.first : files.others,
  }));
  for (let lot = 1; lot <= extra; lot++) {
    const index = (lot - 1) % subproduct.packs.length;
    const pack = `${subproduct.packs[index]!} lot ${lot}`.slice(0, 50);
    planned.push({ ...detail(product, subproduct, place, pack, packs.length + lot, random), files: {} });
  }
  return planned;
}

function detail(
  product: DemoProduct,
  subproduct: DemoSubproduct,
  place: Place,
  pack: string,
  index: number,
  random: () => number,
): Omit<DemoDetail, 'files'> {
  const isSample = pack === SAMPLE_SIZE;
  const priceCents = roundToHalfDollar(subproduct.basePriceCents * (isSample ? 0.4 : 1 + (index % 4) * 0.85));
  const catalogNumber = `${product.catalogPrefix}-${place.subproductIndex + 1}${String(index + 1).padStart(3, '0')}`;
  const quantity = random() < 0.08 ? 0 : Math.floor(random() * 400) + 1;
  const featured = place.subproductIndex === 0 && index === 1 && place.productIndex < 6;
  const tiers = isSample
    ? []
    : [1, 5, 10].map((count, tier) => ({
        priceCents: roundToHalfDollar(priceCents * count * (1 - tier * 0.08)),
        packSize: count === 1 ? pack : `${count} x ${pack}`.slice(0, 50),
        description: `${subproduct.name} ${pack}`.slice(0, 200),
        catalogNumber: count === 1 ? catalogNumber : `${catalogNumber}-${count}`,
      }));
  return {
    fields: {
      productType: pack,
      quantity,
      priceCents,
      addPercentage:
        (index + place.subproductIndex) % 4 === 3 ? DISCOUNTS[(index + place.productIndex) % DISCOUNTS.length]! : 0,
      priceTiers: tiers,
      catalogNumber,
      innerPackageId: `IP-${product.catalogPrefix}${place.subproductIndex + 1}-${index + 1}`,
      bestseller: index === 0 && place.subproductIndex < 2,
      featured,
      featuredText: featured ? `New: ${subproduct.name}, ${pack}. ${subproduct.blurb}` : '',
      contents: contents(product, subproduct, pack, catalogNumber),
      productUrl: null,
      shipsOnDryIce: subproduct.shipsOnDryIce ?? false,
    },
  };
}

function contents(product: DemoProduct, subproduct: DemoSubproduct, pack: string, catalogNumber: string): string {
  return [
    `<h3>${subproduct.name}, ${pack}</h3>`,
    `<p>${subproduct.blurb} ${product.description}</p>`,
    '<ul>',
    `<li>Catalog number: ${catalogNumber}</li>`,
    `<li>Pack: ${pack}</li>`,
    '<li>Shipped at ambient temperature unless stated otherwise</li>',
    '</ul>',
    '<p><em>For research use only. Not for use in diagnostic procedures.</em></p>',
  ].join('');
}

function demoFiles(
  product: DemoProduct,
  subproduct: DemoSubproduct,
  place: Place,
): Record<'first' | 'others', DemoDetail['files']> {
  const shade = place.subproductIndex * 0.1;
  const colour = product.colour.map((channel) => Math.round(channel * (1 - shade))) as unknown as DemoProduct['colour'];
  const slug = subproduct.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const image: DemoFile = { fileName: `${slug}.png`, contentType: 'image/png', bytes: () => tilePng(colour) };
  const manualPdf: DemoFile = {
    fileName: `${slug}-manual.pdf`,
    contentType: 'application/pdf',
    bytes: () =>
      textPdf([
        `${subproduct.name}: user manual`,
        subproduct.blurb,
        '1. Read the safety data sheet.',
        '2. Store as labelled.',
        'For research use only.',
      ]),
  };
  const flyerPdf: DemoFile = {
    fileName: `${slug}-flyer.pdf`,
    contentType: 'application/pdf',
    bytes: () => textPdf([product.name, product.description, `Featured range: ${subproduct.name}`]),
  };
  const technicalNotesPdf: DemoFile = {
    fileName: `${slug}-technical-notes.pdf`,
    contentType: 'application/pdf',
    bytes: () =>
      textPdf([
        `${subproduct.name}: technical notes`,
        'Quality control: every lot is tested before release.',
        'Shelf life: 12 months from receipt.',
      ]),
  };
  return { first: { image, manualPdf, flyerPdf, technicalNotesPdf }, others: { image, manualPdf, flyerPdf } };
}

const roundToHalfDollar = (cents: number) => Math.max(50, Math.round(cents / 50) * 50);

/** The demo's generator, seeded from a name (FNV-1a), so a detail gets the same figures on every seed. */
const seededRandom = (name: string) =>
  mulberry32(
    [...name].reduce((hash, character) => Math.imul(hash ^ character.charCodeAt(0), 16_777_619), 2_166_136_261),
  );

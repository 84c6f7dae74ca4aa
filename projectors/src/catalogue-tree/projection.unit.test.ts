import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { detailCreated, productCreated, subproductCreated } from '../testing/catalogue-events.ts';
import { catalogueTree } from './projection.ts';

const tree = async (events: Parameters<typeof replay>[1], productId = 'p1') =>
  (await replay(catalogueTree, events)).get(productId) ?? null;

const image = { name: 'abc.png', originalName: 'tile.png', contentType: 'image/png', size: 10 };
const base = [
  productCreated('p1', 'Mycoplasma'),
  subproductCreated('p1', 's1', 'Detection Kits', 0),
  subproductCreated('p1', 's2', 'Removal Agents', 1),
  detailCreated('p1', 's1', 'd1', 0, {
    productType: '20 tests',
    priceCents: 25_000,
    addPercentage: 10,
    bestseller: true,
  }),
  detailCreated('p1', 's1', 'd2', 1, { productType: '100 tests' }),
];

describe('catalogue-tree projection', () => {
  it('holds the product, its subproducts and detail summaries in display order', async () => {
    expect(await tree(base)).toMatchObject({
      id: 'p1',
      name: 'Mycoplasma',
      visible: true,
      content: '',
      subproducts: [
        {
          subproductId: 's1',
          name: 'Detection Kits',
          visible: true,
          details: [
            {
              detailId: 'd1',
              productType: '20 tests',
              priceCents: 25_000,
              addPercentage: 10,
              bestseller: true,
              featured: false,
              visible: true,
              image: null,
            },
            { detailId: 'd2', productType: '100 tests' },
          ],
        },
        { subproductId: 's2', name: 'Removal Agents', details: [] },
      ],
    });
  });

  it('follows content, renames, visibility and reordering at every level', async () => {
    const events = [
      ...base,
      recorded('ProductContentChanged', { productId: 'p1', content: '<p>About</p>' }),
      recorded('SubproductRenamed', { productId: 'p1', subproductId: 's1', name: 'PCR Kits' }),
      recorded('SubproductVisibilityChanged', { productId: 'p1', subproductId: 's2', visible: false }),
      recorded('SubproductsReordered', { productId: 'p1', subproductIds: ['s2', 's1'] }),
      recorded('DetailsReordered', { productId: 'p1', subproductId: 's1', detailIds: ['d2', 'd1'] }),
      recorded('DetailVisibilityChanged', { productId: 'p1', subproductId: 's1', detailId: 'd1', visible: false }),
    ];
    const result = await tree(events);
    expect(result?.content).toBe('<p>About</p>');
    expect(result?.subproducts.map((s) => [s.subproductId, s.name, s.visible])).toEqual([
      ['s2', 'Removal Agents', false],
      ['s1', 'PCR Kits', true],
    ]);
    expect(result?.subproducts[1]?.details.map((d) => [d.detailId, d.visible])).toEqual([
      ['d2', true],
      ['d1', false],
    ]);
  });

  it('keeps only the summary fields a detail update changes, and the image file name', async () => {
    const events = [
      ...base,
      recorded('DetailUpdated', {
        productId: 'p1',
        subproductId: 's1',
        detailId: 'd2',
        changes: { priceCents: 999, featured: true, contents: '<p>x</p>' },
      }),
      recorded('DetailFileAttached', {
        productId: 'p1',
        subproductId: 's1',
        detailId: 'd2',
        slot: 'image',
        file: image,
      }),
      recorded('DetailFileAttached', {
        productId: 'p1',
        subproductId: 's1',
        detailId: 'd1',
        slot: 'manualPdf',
        file: { ...image, name: 'm.pdf' },
      }),
    ];
    const [d1, d2] = (await tree(events))?.subproducts[0]?.details ?? [];
    expect(d2).toEqual({
      detailId: 'd2',
      productType: '100 tests',
      visible: true,
      displayOrder: 1,
      priceCents: 999,
      addPercentage: 0,
      quantity: 10,
      bestseller: false,
      featured: true,
      featuredText: '',
      image: 'abc.png',
    });
    expect(d1?.image).toBeNull();
    const removed = await tree([
      ...events,
      recorded('DetailFileRemoved', { productId: 'p1', subproductId: 's1', detailId: 'd2', slot: 'image' }),
    ]);
    expect(removed?.subproducts[0]?.details[1]?.image).toBeNull();
  });

  it('drops deleted details and subproducts, and the whole document with its product', async () => {
    const events = [
      ...base,
      recorded('DetailDeleted', { productId: 'p1', subproductId: 's1', detailId: 'd1' }),
      recorded('SubproductDeleted', { productId: 'p1', subproductId: 's2' }),
    ];
    const result = await tree(events);
    expect(result?.subproducts.map((s) => s.subproductId)).toEqual(['s1']);
    expect(result?.subproducts[0]?.details.map((d) => d.detailId)).toEqual(['d2']);
    expect(await tree([...events, recorded('ProductDeleted', { productId: 'p1' })])).toBeNull();
  });

  it('orders products by the reordered list and ignores other events', async () => {
    const events = [
      ...base,
      productCreated('p2', 'Western Blot', 1),
      recorded('ProductsReordered', { productIds: ['p2', 'p1'] }),
    ];
    expect((await tree(events))?.displayOrder).toBe(1);
    expect((await tree(events, 'p2'))?.displayOrder).toBe(0);
    expect((await replay(catalogueTree, [recorded('AdminSignedIn', { adminId: 'a1' })])).size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { detailCreated, fieldsOf, productCreated, subproductCreated } from '../testing/catalogue-events.ts';
import { catalogueDetails } from './projection.ts';

const manual = { name: 'f00.pdf', originalName: 'manual.pdf', contentType: 'application/pdf', size: 1234 };
const base = [
  productCreated('p1', 'Mycoplasma'),
  subproductCreated('p1', 's1', 'Detection Kits', 0),
  subproductCreated('p1', 's2', 'Removal Agents', 1),
  detailCreated('p1', 's1', 'd1', 0, {
    priceTiers: [{ priceCents: 100, packSize: '10 ml', description: 'small', catalogNumber: 'T1' }],
  }),
  detailCreated('p1', 's1', 'd2', 1),
  detailCreated('p1', 's2', 'd3', 0),
];

describe('catalogue-details projection', () => {
  it('holds every field of a detail with its place, visibility and empty file slots', async () => {
    const details = await replay(catalogueDetails, base);
    expect(details.get('d1')).toEqual({
      id: 'd1',
      detailId: 'd1',
      productId: 'p1',
      subproductId: 's1',
      visible: true,
      displayOrder: 0,
      ...fieldsOf({ priceTiers: [{ priceCents: 100, packSize: '10 ml', description: 'small', catalogNumber: 'T1' }] }),
      files: { image: null, manualPdf: null, flyerPdf: null, technicalNotesPdf: null },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      version: 1,
      _position: expect.any(String),
      stock: { countedFrom: null, onHand: 0, reserved: 0, reservations: {} },
      available: 10,
    });
    expect([...details.keys()]).toEqual(['d1', 'd2', 'd3']);
  });

  it('counts available units as on hand less reserved, from the detail stock stream and its quantity', async () => {
    const stock = (type: string, data: object) =>
      recorded(type, { detailId: 'd1', at: '2026-02-01T00:00:00.000Z', ...data });
    const events = [
      ...base,
      stock('StockCounted', { onHand: 10 }),
      stock('StockReserved', { orderId: 'o1', quantity: 4, reserved: 4, backordered: 0 }),
      stock('StockReserved', { orderId: 'o2', quantity: 9, reserved: 6, backordered: 3 }),
    ];
    expect((await replay(catalogueDetails, events)).get('d1')).toMatchObject({ quantity: 10, available: 0 });
    const released = [...events, stock('StockReleased', { orderId: 'o1', reserved: 4 })];
    expect((await replay(catalogueDetails, released)).get('d1')).toMatchObject({ available: 4 });
    const shipped = [...released, stock('StockShipped', { orderId: 'o2', units: 6 })];
    expect((await replay(catalogueDetails, shipped)).get('d1')).toMatchObject({
      available: 4,
      stock: { onHand: 4, reserved: 0 },
    });
    // The admin counts the shelf again in the catalogue manager: that count is on hand.
    const recounted = [
      ...shipped,
      recorded('DetailUpdated', { productId: 'p1', subproductId: 's1', detailId: 'd1', changes: { quantity: 25 } }),
    ];
    expect((await replay(catalogueDetails, recounted)).get('d1')).toMatchObject({ available: 25 });
  });

  it('applies only the changed fields, visibility, order and files', async () => {
    const events = [
      ...base,
      recorded(
        'DetailUpdated',
        { productId: 'p1', subproductId: 's1', detailId: 'd1', changes: { quantity: 0, contents: '<p>New</p>' } },
        '2026-03-01T00:00:00.000Z',
      ),
      recorded('DetailVisibilityChanged', { productId: 'p1', subproductId: 's1', detailId: 'd2', visible: false }),
      recorded('DetailsReordered', { productId: 'p1', subproductId: 's1', detailIds: ['d2', 'd1'] }),
      recorded('DetailFileAttached', {
        productId: 'p1',
        subproductId: 's1',
        detailId: 'd1',
        slot: 'manualPdf',
        file: manual,
      }),
    ];
    const details = await replay(catalogueDetails, events);
    expect(details.get('d1')).toMatchObject({
      quantity: 0,
      contents: '<p>New</p>',
      catalogNumber: 'CAT-1',
      displayOrder: 1,
      files: { manualPdf: manual, image: null },
    });
    expect(details.get('d2')).toMatchObject({ visible: false, displayOrder: 0 });
    const removed = await replay(catalogueDetails, [
      ...events,
      recorded('DetailFileRemoved', { productId: 'p1', subproductId: 's1', detailId: 'd1', slot: 'manualPdf' }),
    ]);
    expect(removed.get('d1')?.files.manualPdf).toBeNull();
  });

  it('drops a deleted detail, every detail of a deleted subproduct, and every detail of a deleted product', async () => {
    const afterDetail = await replay(catalogueDetails, [
      ...base,
      recorded('DetailDeleted', { productId: 'p1', subproductId: 's1', detailId: 'd2' }),
    ]);
    expect([...afterDetail.keys()]).toEqual(['d1', 'd3']);
    const afterSubproduct = await replay(catalogueDetails, [
      ...base,
      recorded('SubproductDeleted', { productId: 'p1', subproductId: 's1' }),
    ]);
    expect([...afterSubproduct.keys()]).toEqual(['d3']);
    const others = [
      productCreated('p2', 'Western Blot', 1),
      subproductCreated('p2', 's9', 'Membranes'),
      detailCreated('p2', 's9', 'd9'),
    ];
    const afterProduct = await replay(catalogueDetails, [
      ...base,
      ...others,
      recorded('ProductDeleted', { productId: 'p1' }),
    ]);
    expect([...afterProduct.keys()]).toEqual(['d9']);
  });
});

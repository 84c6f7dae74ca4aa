import { describe, expect, it } from 'vitest';
import type { CatalogueTree, TreeDetail, TreeSubproduct } from '@labshop/contracts/catalogue/read-models';
import { indexCatalogue, relatedTo } from './catalogue-index.ts';
import { bestSellersView } from './best-sellers.ts';
import { featuredView, gridView, priceOf } from './views.ts';

const at = '2026-01-01T00:00:00.000Z';
const detail = (detailId: string, productType: string, visible = true, more: Partial<TreeDetail> = {}): TreeDetail => ({
  detailId,
  productType,
  visible,
  displayOrder: 0,
  priceCents: 100,
  addPercentage: 0,
  quantity: 1,
  bestseller: false,
  featured: false,
  featuredText: '',
  image: null,
  ...more,
});
const subproduct = (subproductId: string, name: string, details: TreeDetail[], visible = true): TreeSubproduct => ({
  subproductId,
  name,
  visible,
  displayOrder: 0,
  createdAt: at,
  updatedAt: at,
  version: 1,
  details,
});
const tree = (
  productId: string,
  displayOrder: number,
  subproducts: TreeSubproduct[],
  visible = true,
): CatalogueTree => ({
  id: productId,
  _position: '1',
  productId,
  name: productId,
  visible,
  displayOrder,
  content: '',
  createdAt: at,
  updatedAt: at,
  version: 1,
  subproducts,
});

const index = indexCatalogue([
  tree('p2', 1, [subproduct('s3', 'Gel Boxes', [detail('g1', 'Mini gel box')])]),
  tree('p1', 0, [
    subproduct('s1', 'Cell Scrapers', [
      detail('c1', '25 cm'),
      detail('c2', 'Mini 18 cm'),
      detail('c3', 'hidden', false),
    ]),
    subproduct('s2', 'Pipette Tips', [detail('t1', '10 µl'), detail('t2', '200 µl'), detail('t3', '1000 µl')]),
    subproduct('s9', 'Retired', [detail('r1', 'Mini retired')], false),
  ]),
  tree('p3', 2, [subproduct('s4', 'Mini Centrifuges', [detail('m1', 'Mini spin')])], false),
]);

describe('catalogue index', () => {
  it('keeps only what is visible, in catalogue order', () => {
    expect(index.details.map((d) => d.detail.detailId)).toEqual(['c1', 'c2', 't1', 't2', 't3', 'g1']);
    expect(index.detailsById.has('c3') || index.detailsById.has('r1') || index.detailsById.has('m1')).toBe(false);
  });

  it('leaves out, for shoppers, a subproduct with nothing visible in it and a category with no such subproduct', () => {
    const withEmpty = indexCatalogue([
      tree('p1', 0, [
        subproduct('s1', 'Tips', [detail('t1', '10 µl')]),
        subproduct('s2', 'Empty', []),
        subproduct('s3', 'Only hidden', [detail('h1', 'x', false)]),
      ]),
      tree('p2', 1, [subproduct('s4', 'Empty too', [])]),
      tree('p3', 2, []),
    ]);
    expect(
      withEmpty.products.map((entry) => [
        entry.product.productId,
        entry.subproducts.map((s) => s.subproduct.subproductId),
      ]),
    ).toEqual([['p1', ['s1']]]);
    expect([...withEmpty.subproductsById.keys()]).toEqual(['s1']);
    expect(withEmpty.productsById.has('p2') || withEmpty.productsById.has('p3')).toBe(false);
  });

  it('home lists put what can be bought first: featured and best sellers in stock, then the out-of-stock ones', () => {
    const home = indexCatalogue([
      tree('p1', 0, [
        subproduct('s1', 'Kits', [
          detail('out1', 'Sold out', true, { quantity: 0, featured: true, bestseller: true }),
          detail('in1', 'Ready', true, { featured: true, bestseller: true }),
          detail('out2', 'Gone', true, { quantity: 0 }),
          detail('in2', 'Selling', true, { quantity: 5, featured: true }),
          detail('in3', 'Top seller', true, { quantity: 5 }),
        ]),
      ]),
    ]);
    expect(featuredView(home).map((item) => item.detailId)).toEqual(['in1', 'in2', 'out1']);
    const sold = new Map([
      ['out2', 50],
      ['in3', 10],
    ]);
    expect(bestSellersView(home, sold).map((item) => [item.detailId, item.inStock])).toEqual([
      ['in1', true],
      ['in3', true],
      ['out1', false],
      ['out2', false],
    ]);
  });

  it("counts a detail in stock by its available units (on hand less reserved), not the admin's count, on tiles and badges alike", () => {
    const stocked = indexCatalogue(
      [
        tree('p1', 0, [
          subproduct('s1', 'Kits', [
            detail('held', 'All reserved', true, { quantity: 5 }),
            detail('left', 'One left', true, { quantity: 5 }),
            detail('new', 'Not in details yet', true, { quantity: 2 }),
          ]),
        ]),
      ],
      new Map([
        ['held', { available: 0 }],
        ['left', { available: 1 }],
      ]),
    );
    expect(stocked.details.map((listed) => [listed.detail.detailId, listed.available])).toEqual([
      ['held', 0],
      ['left', 1],
      ['new', 2],
    ]);
    expect(gridView(stocked, 's1')!.details.map((tile) => [tile.detailId, tile.inStock])).toEqual([
      ['held', false],
      ['left', true],
      ['new', true],
    ]);
  });

  it('relates the same subproduct first, then the rest of the product, never the detail itself', () => {
    const related = (detailId: string) =>
      relatedTo(index, index.detailsById.get(detailId)!, 4).map((d) => d.detail.detailId);
    expect(related('t2')).toEqual(['t1', 't3', 'c1', 'c2']);
    expect(related('c1')).toEqual(['c2', 't1', 't2', 't3']);
    expect(related('g1')).toEqual([]);
  });
});

describe('price', () => {
  it('sells at list × (1 − percent/100) to the nearest cent, with the list price as the struck-through original', () => {
    expect(priceOf(25_000, 10)).toEqual({
      cents: 22_500,
      formatted: '$225.00',
      listCents: 25_000,
      listFormatted: '$250.00',
      percentOff: 10,
    });
    expect(priceOf(999, 33)).toMatchObject({ cents: 669, formatted: '$6.69' });
    expect(priceOf(123_456, 0)).toEqual({
      cents: 123_456,
      formatted: '$1,234.56',
      listCents: 123_456,
      listFormatted: '$1,234.56',
      percentOff: 0,
    });
    expect(priceOf(5_000, 100)).toMatchObject({ cents: 0, formatted: '$0.00', listFormatted: '$50.00' });
  });
});

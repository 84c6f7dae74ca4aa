import { describe, expect, it } from 'vitest';
import type { CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { priceChangesBetween } from './price-changes.ts';

const line = (
  detailId: string,
  packSize: string | null,
  unitPriceCents: number,
  extra: Partial<CartLineView> = {},
): CartLineView => ({
  detailId,
  subproductId: 's1',
  packSize,
  quantity: 1,
  unitPriceCents,
  listPriceCents: unitPriceCents,
  discountPercent: 0,
  previousUnitPriceCents: null,
  lineTotalCents: unitPriceCents,
  productName: `Product ${detailId}`,
  productType: 'Kit',
  catalogNumber: 'C-1',
  innerPackageId: 'P-1',
  imageUrl: null,
  productPath: '/product',
  available: true,
  ...extra,
});

const cart = (lines: CartLineView[]): CartView => ({
  cartId: 'c',
  lines,
  itemCount: lines.length,
  subtotalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
  updatedAt: null,
  expiresAt: null,
  revision: 1,
});

describe('priceChangesBetween', () => {
  it('lists each line whose unit price moved, and lines no longer sold', () => {
    const seen = cart([line('a', '100 ml', 1000), line('a', '500 ml', 4000), line('b', null, 250)]);
    const priced = cart([
      line('a', '100 ml', 1100),
      line('a', '500 ml', 4000),
      line('b', null, 250, { available: false }),
    ]);
    expect(priceChangesBetween(seen, priced)).toEqual([
      { detailId: 'a', productName: 'Product a', packSize: '100 ml', fromCents: 1000, toCents: 1100 },
      { detailId: 'b', productName: 'Product b', packSize: null, fromCents: 250, toCents: null },
    ]);
  });

  it('falls back to the price the server remembers for a line the customer had not seen priced', () => {
    const priced = cart([line('a', null, 1200, { previousUnitPriceCents: 1000 })]);
    expect(priceChangesBetween(cart([]), priced)).toEqual([
      { detailId: 'a', productName: 'Product a', packSize: null, fromCents: 1000, toCents: 1200 },
    ]);
  });

  it('tells a detail without a pack size from the same detail with an empty one, as the server does', () => {
    // The server keeps them two lines (cartLineKey); a key of `detailId|packSize ?? ''` took one for the other.
    const seen = cart([line('a', null, 1000)]);
    const priced = cart([line('a', null, 1000), line('a', '', 1000)]);
    expect(priceChangesBetween(seen, priced)).toEqual([
      { detailId: 'a', productName: 'Product a', packSize: '', fromCents: null, toCents: 1000 },
    ]);
  });

  it('finds nothing when the prices are the same', () => {
    const same = cart([line('a', null, 1200)]);
    expect(priceChangesBetween(same, same)).toEqual([]);
  });
});

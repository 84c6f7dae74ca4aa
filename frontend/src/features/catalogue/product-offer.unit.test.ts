import { describe, expect, it } from 'vitest';
import { SELECT_PRICE_OPTION } from '@labshop/contracts/catalogue/offer-option';
import { OUT_OF_STOCK } from '@labshop/contracts/stock/stock-words';
import type { Price } from '@/lib/catalogue-shapes.ts';
import type { ProductDetail } from './api/get-product-detail.ts';
import { cartItemOffer, checkAddToCart, initialTierIndex, offerFor } from './product-offer.ts';

const price = (cents: number, percentOff = 0): Price => {
  const listCents = Math.round(cents / (1 - percentOff / 100));
  return {
    cents,
    formatted: `$${(cents / 100).toFixed(2)}`,
    listCents,
    listFormatted: `$${(listCents / 100).toFixed(2)}`,
    percentOff,
  };
};

const detail = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  detailId: 'd1',
  productType: 'Mycoplasma PCR Kit',
  catalogNumber: 'MP-100',
  innerPackageId: 'IP-1',
  productUrl: null,
  product: { productId: 'p1', name: 'Mycoplasma' },
  subproduct: { subproductId: 's1', name: 'Detection Kits' },
  quantity: 5,
  inStock: true,
  price: price(9000, 10),
  priceTiers: [
    { packSize: '50 tests', description: '', catalogNumber: 'MP-50', price: price(4500, 10) },
    { packSize: '100 tests', description: 'Mycoplasma PCR Kit, large', catalogNumber: '', price: price(8100, 10) },
  ],
  image: null,
  contents: '',
  documents: { manual: null, flyer: null, technicalNotes: null },
  shipsOnDryIce: false,
  related: [],
  ...overrides,
});

describe('offerFor', () => {
  it("shows the detail's own price, type and catalogue number before an option is chosen", () => {
    expect(offerFor(detail(), null)).toEqual({
      productType: 'Mycoplasma PCR Kit',
      packSize: null,
      catalogNumber: 'MP-100',
      price: price(9000, 10),
    });
  });

  it("replaces price, pack size and catalogue number with the chosen option's, keeping the type when it has no description", () => {
    expect(offerFor(detail(), 0)).toEqual({
      productType: 'Mycoplasma PCR Kit',
      packSize: '50 tests',
      catalogNumber: 'MP-50',
      price: price(4500, 10),
    });
  });

  it("keeps the product type when the option has a description (the product's full name), and the detail's catalogue number when the option has none", () => {
    const offer = offerFor(detail(), 1);
    expect(offer.productType).toBe('Mycoplasma PCR Kit');
    expect(offer.catalogNumber).toBe('MP-100');
    expect(offer.packSize).toBe('100 tests');
  });
});

describe('initialTierIndex', () => {
  it('preselects the first pack size, so the price shown is the one added', () => {
    expect(initialTierIndex(detail())).toBe(0);
    expect(checkAddToCart(detail(), initialTierIndex(detail()), 1)).toMatchObject({
      ok: true,
      offer: { packSize: '50 tests', price: price(4500, 10) },
    });
    expect(initialTierIndex(detail({ priceTiers: [] }))).toBeNull();
  });

  it('preselects the pack size asked for (Buy it again), the first when the detail no longer has it', () => {
    const tiers = detail().priceTiers;
    expect(initialTierIndex(detail(), tiers.at(-1)!.packSize)).toBe(tiers.length - 1);
    expect(initialTierIndex(detail(), 'a size it never had')).toBe(0);
  });
});

describe('cartItemOffer', () => {
  it('hands the cart the option as shown, with the ids the server prices it by', () => {
    const shown = offerFor(detail({ image: { url: '/content/kit.png' } }), 0);
    expect(cartItemOffer(detail({ image: { url: '/content/kit.png' } }), shown, 3)).toEqual({
      detailId: 'd1',
      subproductId: 's1',
      packSize: '50 tests',
      quantity: 3,
      unitPriceCents: 4500,
      listPriceCents: 5000,
      discountPercent: 10,
      productName: 'Detection Kits',
      productType: 'Mycoplasma PCR Kit',
      catalogNumber: 'MP-50',
      innerPackageId: 'IP-1',
      imageUrl: '/content/kit.png',
      productPath: `/product?productname=${encodeURIComponent(btoa(encodeURIComponent('Mycoplasma PCR Kit')))}&productid=${encodeURIComponent(btoa('d1'))}`,
    });
  });
});

describe('checkAddToCart', () => {
  it('asks for a price option first when options exist and none is chosen', () => {
    expect(checkAddToCart(detail(), null, 1)).toEqual({ ok: false, message: SELECT_PRICE_OPTION });
  });

  it('adds the detail itself when it has no options', () => {
    const result = checkAddToCart(detail({ priceTiers: [] }), null, 2);
    expect(result).toEqual({
      ok: true,
      quantity: 2,
      offer: expect.objectContaining({ price: price(9000, 10), packSize: null }),
    });
  });

  it('refuses anything out of stock and any quantity beyond the stock', () => {
    expect(checkAddToCart(detail({ quantity: 0, inStock: false }), 0, 1)).toEqual({
      ok: false,
      message: OUT_OF_STOCK,
    });
    expect(checkAddToCart(detail(), 0, 6)).toMatchObject({ ok: false });
    expect(checkAddToCart(detail(), 0, 0)).toMatchObject({ ok: false });
    expect(checkAddToCart(detail(), 0, 5)).toMatchObject({ ok: true, quantity: 5, offer: { packSize: '50 tests' } });
  });
});

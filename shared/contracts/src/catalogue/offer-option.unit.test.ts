import { describe, expect, it } from 'vitest';
import { offerOption, optionCatalogNumber, tierIndexOf } from './offer-option.ts';
import { isInStock, OUT_OF_STOCK } from '../stock/stock-words.ts';

describe('offerOption', () => {
  it.each([
    [{ productType: '50 tests', packSize: '5 x 50 tests' }, '50 tests · 5 x 50 tests'],
    [{ productType: '100 ml', packSize: null }, '100 ml'],
    [{ productType: '50 tests', packSize: '50 tests' }, '50 tests'],
    [{ productType: '50 tests', packSize: ' 50 Tests ' }, '50 tests'],
    [{ productType: 'T-75 Flask', packSize: '' }, 'T-75 Flask'],
    [{ productType: '', packSize: '500 pcs' }, '500 pcs'],
    [{ productType: '', packSize: null }, ''],
  ])('names %j as %j', (facts, expected) => {
    expect(offerOption(facts)).toBe(expected);
  });
});

describe('the price option a pack size names', () => {
  const tiers = [
    { packSize: '50 tests', catalogNumber: 'MP-50' },
    { packSize: '100 tests', catalogNumber: '  ' },
  ];

  it('is the tier of that pack size; null names the detail itself, not a tier', () => {
    expect(tierIndexOf(tiers, '100 tests')).toBe(1);
    expect(tierIndexOf(tiers, null)).toBe(-1);
    expect(tierIndexOf(tiers, '10 tests')).toBe(-1);
  });

  it("takes its tier's catalogue number, else its detail's: a blank one is none, on the page as in the cart", () => {
    expect(optionCatalogNumber('MP-100', tiers[0])).toBe('MP-50');
    // The command API took a tier's '  ' (`||`) where the product page showed the detail's.
    expect(optionCatalogNumber('MP-100', tiers[1])).toBe('MP-100');
    expect(optionCatalogNumber('MP-100', undefined)).toBe('MP-100');
  });
});

describe('stock on every page and in the cart', () => {
  it('is In Stock from one unit, and says so in one way', () => {
    expect(isInStock(1)).toBe(true);
    expect(isInStock(0)).toBe(false);
    expect(OUT_OF_STOCK).toBe('This product is out of stock.');
  });
});

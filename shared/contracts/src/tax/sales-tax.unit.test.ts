import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { US_STATES } from '../us-states.ts';
import { parseSalesTaxCsv } from './parse-sales-tax-csv.ts';
import {
  formatTaxRate,
  isTaxExempt,
  salesTaxLine,
  salesTaxRates,
  taxCents,
  taxRateFor,
  totalsAt,
} from './sales-tax.ts';

describe('sales tax table', () => {
  it('is exactly what the shipped CSV says (regenerate with generate-sales-tax-table.ts when this fails)', () => {
    const csv = readFileSync(new URL('./us-sales-tax-2025.csv', import.meta.url), 'utf8');
    expect(salesTaxRates).toEqual(parseSalesTaxCsv(csv));
  });

  it('has one rate for each of the 50 states and DC the address form offers', () => {
    expect(salesTaxRates.map((rate) => rate.code).toSorted()).toEqual(US_STATES.map((state) => state.code).toSorted());
  });

  it('reads percentages as basis points without float error', () => {
    expect(taxRateFor('LA')).toEqual({ code: 'LA', name: 'Louisiana', rateBasisPoints: 1012 });
    expect(taxRateFor('ca')?.rateBasisPoints).toBe(880);
    expect(taxRateFor('OR')?.rateBasisPoints).toBe(0);
    expect(taxRateFor('XX')).toBeUndefined();
  });

  it('refuses a malformed CSV row', () => {
    expect(() => parseSalesTaxCsv('state,code,rate_percent\nLouisiana,LA,ten')).toThrow(/row 2/);
    expect(() => parseSalesTaxCsv('name,rate\nLouisiana,10.12')).toThrow(/header/);
  });
});

describe('taxCents', () => {
  it('rounds half up to the cent', () => {
    expect(taxCents(10_000, 1012)).toBe(1012);
    expect(taxCents(50, 1000)).toBe(5);
    expect(taxCents(5, 1000)).toBe(1); // 0.5 cent rounds up
    expect(taxCents(4, 1000)).toBe(0); // 0.4 cent rounds down
    expect(taxCents(12_345, 1012)).toBe(1249); // 1249.314
    expect(taxCents(12_355, 1012)).toBe(1250); // 1250.326
    expect(taxCents(9_995, 1012)).toBe(1011); // 1011.494
    expect(taxCents(0, 1012)).toBe(0);
  });

  it('stays exact on large subtotals', () => {
    expect(taxCents(900_719_925_474_099, 1012)).toBe(91_152_856_457_979); // …978.81;
  });

  it('refuses fractional or negative cents', () => {
    expect(() => taxCents(10.5, 1012)).toThrow(RangeError);
    expect(() => taxCents(-1, 1012)).toThrow(RangeError);
    expect(() => taxCents(100, 10.12)).toThrow(RangeError);
  });
});

describe('formatTaxRate and exemption', () => {
  it('shows two decimals', () => {
    expect(formatTaxRate(1012)).toBe('10.12%');
    expect(formatTaxRate(880)).toBe('8.80%');
    expect(formatTaxRate(0)).toBe('0.00%');
    expect(formatTaxRate(5)).toBe('0.05%');
  });

  it('treats a blank Tax Exempt Number as none', () => {
    expect(isTaxExempt('EX-123')).toBe(true);
    expect(isTaxExempt('   ')).toBe(false);
    expect(isTaxExempt('')).toBe(false);
    expect(isTaxExempt(null)).toBe(false);
    expect(isTaxExempt(undefined)).toBe(false);
  });
});

describe('totalsAt: the one totals rule', () => {
  it('taxes the shipping with the goods, rounding once', () => {
    // (10000 + 1495) × 10.12% = 1163.294 → 1163.
    expect(totalsAt(10_000, 1012, 1_495)).toEqual({
      subtotalCents: 10_000,
      shippingCents: 1_495,
      taxCents: 1_163,
      totalCents: 12_658,
    });
    // 5 + 5 cents at 10%: 0.5 + 0.5 rounded apart would be 2 cents; once on the sum it is 1.
    expect(totalsAt(5, 1000, 5)).toEqual({ subtotalCents: 5, shippingCents: 5, taxCents: 1, totalCents: 11 });
  });

  it('charges neither tax on an exempt (rate 0) order, and keeps orders without shipping as they were', () => {
    expect(totalsAt(10_000, 0, 2_995)).toEqual({
      subtotalCents: 10_000,
      shippingCents: 2_995,
      taxCents: 0,
      totalCents: 12_995,
    });
    expect(totalsAt(10_999, 1012, 0)).toEqual({
      subtotalCents: 10_999,
      shippingCents: 0,
      taxCents: 1_113,
      totalCents: 12_112,
    });
  });

  it('refuses fractional or negative shipping', () => {
    expect(() => totalsAt(100, 1012, 1.5)).toThrow(RangeError);
    expect(() => totalsAt(100, 1012, -1)).toThrow(RangeError);
  });
});

describe('the sales tax line', () => {
  it("names the state and the rate the order was charged, or the exemption's number", () => {
    expect(salesTaxLine({ taxState: 'la', taxRateBasisPoints: 1012, taxExemptNumber: null })).toBe(
      'Sales tax (LA 10.12%)',
    );
    expect(salesTaxLine({ taxState: 'LA', taxRateBasisPoints: 0, taxExemptNumber: ' EX-123 ' })).toBe(
      'Sales tax (exempt: EX-123)',
    );
    expect(salesTaxLine({ taxState: 'DE', taxRateBasisPoints: 0, taxExemptNumber: '  ' })).toBe('Sales tax (DE 0.00%)');
  });

  it('says which amount it refuses', () => {
    expect(() => taxCents(-1, 1012)).toThrow(new RangeError('Subtotal must be whole non-negative cents: -1'));
    expect(() => taxCents(100, -1)).toThrow(new RangeError('Rate must be whole basis points: -1'));
    expect(() => totalsAt(100, 1012, -5)).toThrow(new RangeError('Shipping must be whole non-negative cents: -5'));
  });

  it('finds a rate by its postal code in any case, and nothing for another code', () => {
    expect(taxRateFor('la')).toEqual({ code: 'LA', name: 'Louisiana', rateBasisPoints: 1012 });
    expect(taxRateFor('ZZ')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { checkoutTotals, salesTaxLabel } from './checkout-tax.ts';

describe('checkout tax', () => {
  it('charges the state rate on the subtotal, rounded half-up once', () => {
    // 123.45 × 10.12% = 12.49314 → 12.49
    expect(checkoutTotals(12_345, 'LA', '')).toEqual({ rateBasisPoints: 1012, taxCents: 1249, totalCents: 13_594 });
    // 50.00 × 10.12% = 5.06 exactly; 4.95 × 10.12% = 0.50094 → 0.50
    expect(checkoutTotals(5_000, 'LA', '')?.taxCents).toBe(506);
    expect(checkoutTotals(495, 'LA', '')?.taxCents).toBe(50);
  });

  it('charges nothing with a Tax Exempt Number, or in a state without sales tax', () => {
    expect(checkoutTotals(12_345, 'LA', 'EX-123')).toEqual({ rateBasisPoints: 0, taxCents: 0, totalCents: 12_345 });
    expect(checkoutTotals(12_345, 'OR', '')?.taxCents).toBe(0);
  });

  it('has no totals until a state is chosen', () => {
    expect(checkoutTotals(12_345, '', '')).toBeNull();
  });

  it('names the state and its rate with 2 decimals', () => {
    expect(salesTaxLabel('LA', '')).toBe('Sales tax (LA 10.12%)');
    expect(salesTaxLabel('DC', null)).toBe('Sales tax (DC 6.00%)');
    expect(salesTaxLabel('LA', '  EX-1 ')).toBe('Sales tax (exempt: EX-1)');
    expect(salesTaxLabel('', '')).toBe('Sales tax (choose a state)');
  });
});

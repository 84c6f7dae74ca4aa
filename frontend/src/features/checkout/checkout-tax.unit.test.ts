import { describe, expect, it } from 'vitest';
import { checkoutTotals, orderShippingRow, salesTaxLabel } from './checkout-tax.ts';

describe('checkout tax', () => {
  it('charges the state rate on the subtotal, rounded half-up once', () => {
    // 123.45 × 10.12% = 12.49314 → 12.49
    expect(checkoutTotals(12_345, 'LA', '', 0)).toEqual({ rateBasisPoints: 1012, taxCents: 1249, totalCents: 13_594 });
    // 50.00 × 10.12% = 5.06 exactly; 4.95 × 10.12% = 0.50094 → 0.50
    expect(checkoutTotals(5_000, 'LA', '', 0)?.taxCents).toBe(506);
    expect(checkoutTotals(495, 'LA', '', 0)?.taxCents).toBe(50);
  });

  it('taxes the shipping with the goods, as the server does', () => {
    // (123.45 + 14.95) × 10.12% = 14.00608 → 14.01
    expect(checkoutTotals(12_345, 'LA', '', 1_495)).toEqual({
      rateBasisPoints: 1012,
      taxCents: 1_401,
      totalCents: 15_241,
    });
  });

  it('charges nothing with a Tax Exempt Number, or in a state without sales tax', () => {
    expect(checkoutTotals(12_345, 'LA', 'EX-123', 1_495)).toEqual({
      rateBasisPoints: 0,
      taxCents: 0,
      totalCents: 13_840,
    });
    expect(checkoutTotals(12_345, 'OR', '', 1_495)?.taxCents).toBe(0);
  });

  it('has no totals until a state is chosen', () => {
    expect(checkoutTotals(12_345, '', '', 0)).toBeNull();
  });

  it("shows a placed order's shipping, and $0.00 for one placed before shipping was charged", () => {
    expect(
      orderShippingRow({
        shipping: { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 },
      }),
    ).toEqual({ label: 'Shipping (Overnight + dry ice)', cents: 8_995 });
    expect(orderShippingRow({ shipping: null })).toEqual({ label: 'Shipping', cents: 0 });
  });

  it('names the state and its rate with 2 decimals', () => {
    expect(salesTaxLabel('LA', '')).toBe('Sales tax (LA 10.12%)');
    expect(salesTaxLabel('DC', null)).toBe('Sales tax (DC 6.00%)');
    expect(salesTaxLabel('LA', '  EX-1 ')).toBe('Sales tax (exempt: EX-1)');
    expect(salesTaxLabel('', '')).toBe('Sales tax (choose a state)');
  });
});

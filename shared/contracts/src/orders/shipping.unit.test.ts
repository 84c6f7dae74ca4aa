import { describe, expect, it } from 'vitest';
import {
  DRY_ICE_SURCHARGE_CENTS,
  SHIPPING_METHOD_REQUIRED,
  SHIPPING_RULE,
  shippingCentsOf,
  shippingCharge,
  shippingLine,
  shippingMethodInput,
  shippingMethods,
  type ShippingMethodId,
} from './shipping.ts';

describe('shipping table', () => {
  it('offers Ground, 2-day and Overnight, dearer as they get faster, in whole cents', () => {
    expect(shippingMethods.map((method) => method.label)).toEqual(['Ground', '2-day', 'Overnight']);
    const costs = shippingMethods.map((method) => method.costCents);
    expect(costs).toEqual([...costs].sort((a, b) => a - b));
    expect(new Set(costs).size).toBe(costs.length);
    for (const cents of [...costs, DRY_ICE_SURCHARGE_CENTS])
      expect(Number.isSafeInteger(cents) && cents > 0).toBe(true);
  });

  it('charges the method alone, or with the dry-ice surcharge once', () => {
    expect(shippingCharge('ground', false)).toEqual({
      method: 'ground',
      baseCents: 1_495,
      dryIceSurchargeCents: 0,
      costCents: 1_495,
    });
    expect(shippingCharge('overnight', true)).toEqual({
      method: 'overnight',
      baseCents: 5_495,
      dryIceSurchargeCents: 3_500,
      costCents: 8_995,
    });
  });

  it('accepts only the methods of the table, with a message for the shopper', () => {
    expect(shippingMethodInput.parse('2-day')).toBe('2-day');
    for (const bad of ['teleport', '', undefined, 2]) {
      const parsed = shippingMethodInput.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(SHIPPING_METHOD_REQUIRED);
    }
  });

  it('reads an order placed before shipping was charged as shipping 0', () => {
    expect(shippingCentsOf({})).toBe(0);
    expect(shippingCentsOf({ shipping: null })).toBe(0);
    expect(shippingCentsOf({ shipping: shippingCharge('2-day', true) })).toBe(6_495);
  });

  it('states the rule from the table: methods, surcharge, tax', () => {
    expect(SHIPPING_RULE).toBe(
      "Shipping is charged once per order by the method chosen at checkout (Ground, 2-day, Overnight), plus a cold-chain surcharge of $35.00 once per order holding goods that ship on dry ice, and is taxed with the goods at the delivery state's rate.",
    );
  });

  it('words the one shipping line of every surface', () => {
    expect(shippingLine(shippingCharge('ground', false))).toBe('Shipping (Ground)');
    expect(shippingLine(shippingCharge('overnight', true))).toBe('Shipping (Overnight + dry ice)');
    expect(shippingLine(null)).toBe('Shipping');
  });
});

describe('shipping words', () => {
  it("asks for a method in the shopper's words", () => {
    expect(SHIPPING_METHOD_REQUIRED).toBe('Please choose a shipping method: Ground, 2-day or Overnight');
  });
});

describe('shipping line of a method no longer offered', () => {
  it('names the method as recorded', () => {
    expect(shippingLine({ method: 'freight' as ShippingMethodId, dryIceSurchargeCents: 0 })).toBe('Shipping (freight)');
  });

  it('refuses to charge a method the table does not have', () => {
    expect(() => shippingCharge('freight' as ShippingMethodId, false)).toThrow(
      new RangeError('Unknown shipping method: freight'),
    );
  });
});

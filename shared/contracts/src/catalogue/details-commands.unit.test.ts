import { describe, expect, it } from 'vitest';
import { createDetailInput, editDetailInput } from './details-commands.ts';

const minimal = { productType: 'Kit', quantity: 10, priceCents: 9_900 };

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('detail inputs', () => {
  it('fills the spec defaults on creation', () => {
    expect(createDetailInput.parse(minimal)).toEqual({
      ...minimal,
      addPercentage: 0,
      priceTiers: [],
      catalogNumber: '',
      innerPackageId: '',
      bestseller: false,
      featured: false,
      featuredText: '',
      contents: '',
      productUrl: null,
      shipsOnDryIce: false,
    });
  });

  it.each([
    [{ ...minimal, productType: ' ' }, 'productType', 'Product type is required'],
    [{ ...minimal, productType: 'x'.repeat(51) }, 'productType', 'Product type must be at most 50 characters'],
    [{ ...minimal, quantity: -1 }, 'quantity', 'Valid quantity is required (min 0)'],
    [{ ...minimal, quantity: 1.5 }, 'quantity', 'Valid quantity is required (min 0)'],
    [{ ...minimal, quantity: 10_001 }, 'quantity', 'Quantity must be at most 10000'],
    [{ productType: 'Kit', quantity: 1 }, 'priceCents', 'Valid price is required (min 0)'],
    [{ ...minimal, priceCents: '99' }, 'priceCents', 'Valid price is required (min 0)'],
    [{ ...minimal, priceCents: 10_000_001 }, 'priceCents', 'Price must be at most $100,000'],
    [{ ...minimal, addPercentage: 101 }, 'addPercentage', 'Discount must be between 0 and 100 percent'],
    [
      { ...minimal, innerPackageId: 'x'.repeat(51) },
      'innerPackageId',
      'Inner package id must be at most 50 characters',
    ],
    [
      { ...minimal, productUrl: 'javascript:alert(1)' },
      'productUrl',
      'Product URL must start with http:// or https://',
    ],
    [{ ...minimal, productUrl: 'ftp://example.com' }, 'productUrl', 'Product URL must start with http:// or https://'],
    [{ ...minimal, priceTiers: [{ priceCents: 100 }] }, 'priceTiers.0.packSize', 'Pack size is required'],
    [
      { ...minimal, priceTiers: Array.from({ length: 21 }, () => ({ priceCents: 1, packSize: '1' })) },
      'priceTiers',
      'At most 20 price tiers',
    ],
    [{ ...minimal, contents: 'x'.repeat(100_001) }, 'contents', 'Contents must be at most 100000 characters'],
  ])('refuses %#: %s', (input, field, message) => {
    expect(messages(createDetailInput.safeParse(input))).toMatchObject({ [field]: message });
  });

  it('accepts the limits themselves', () => {
    expect(
      createDetailInput.safeParse({ ...minimal, quantity: 10_000, priceCents: 10_000_000, addPercentage: 100 }).success,
    ).toBe(true);
    expect(createDetailInput.parse({ ...minimal, productUrl: ' https://example.com/a ' }).productUrl).toBe(
      'https://example.com/a',
    );
    expect(createDetailInput.parse({ ...minimal, productUrl: '' }).productUrl).toBeNull();
  });

  it('edits any subset, but something, and nothing unknown', () => {
    expect(editDetailInput.parse({ quantity: 3 })).toEqual({ quantity: 3 });
    expect(editDetailInput.parse({ visible: false })).toEqual({ visible: false });
    expect(editDetailInput.safeParse({}).success).toBe(false);
    expect(editDetailInput.safeParse({ displayOrder: 1 }).success).toBe(false);
    expect(createDetailInput.safeParse({ ...minimal, imageName: 'x.png' }).success).toBe(false);
  });
});

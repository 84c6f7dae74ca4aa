import { describe, expect, it } from 'vitest';
import type { DetailFields } from '@labshop/contracts/catalogue/events';
import { createDetailInput, type CreateDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { commandResolver, flatMessages } from '@/hooks/use-command-form.ts';
import {
  changedDetailFields,
  detailBodyOf,
  detailFormValuesOf,
  emptyDetailForm,
  emptyPriceTier,
  type DetailFormValues,
} from './detail-form-values.ts';
import { normalizeEditorHtml } from '@/components/rich-text-editor/editor-html.ts';

const filled = (overrides: Partial<DetailFormValues> = {}): DetailFormValues => ({
  ...emptyDetailForm(),
  productType: ' 500 mL ',
  quantity: '12',
  price: '1,234.5',
  addPercentage: '10',
  productUrl: '',
  ...overrides,
});

const saved: DetailFields = {
  productType: '500 mL',
  quantity: 12,
  priceCents: 123450,
  addPercentage: 10,
  priceTiers: [{ priceCents: 4500, packSize: '1 vial', description: '', catalogNumber: 'LS-1' }],
  catalogNumber: '',
  innerPackageId: '',
  bestseller: false,
  featured: false,
  featuredText: '',
  contents: '<p>Sterile.</p>',
  productUrl: null,
};

/** The form's own check: the zod resolver over the server's schema, on the body the form would send. */
const resolve = commandResolver<DetailFormValues, CreateDetailInput>(createDetailInput, detailBodyOf);
async function detailFieldsOf(
  values: DetailFormValues,
): Promise<{ fields: CreateDetailInput } | { errors: Record<string, string> }> {
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.keys(result.errors).length > 0
    ? { errors: flatMessages(result.errors) }
    : { fields: result.values as CreateDetailInput };
}

describe('the detail form checked by createDetailInput', () => {
  it('sends dollars as cents and trimmed text, with an empty product URL as none', async () => {
    const tier = { ...emptyPriceTier(), price: '45', packSize: '1 vial', catalogNumber: 'LS-1' };
    const result = await detailFieldsOf(filled({ priceTiers: [tier] }));
    expect(result).toEqual({
      fields: expect.objectContaining({
        productType: '500 mL',
        quantity: 12,
        priceCents: 123450,
        addPercentage: 10,
        priceTiers: [{ priceCents: 4500, packSize: '1 vial', description: '', catalogNumber: 'LS-1' }],
        productUrl: null,
      }),
    });
  });

  it("refuses with the server's wording, keyed by the body's dotted paths", async () => {
    const badTier = { ...emptyPriceTier(), price: 'lots', packSize: '' };
    const result = await detailFieldsOf(
      filled({ productType: '  ', quantity: '', price: '-3', priceTiers: [badTier], productUrl: 'ftp://example.com' }),
    );
    expect(result).toEqual({
      errors: {
        productType: 'Product type is required',
        quantity: 'Valid quantity is required (min 0)',
        priceCents: 'Valid price is required (min 0)',
        'priceTiers.0.priceCents': 'Valid price is required (min 0)',
        'priceTiers.0.packSize': 'Pack size is required',
        productUrl: 'Product URL must start with http:// or https://',
      },
    });
  });

  it('refuses a price above $100,000 and a discount above 100%', async () => {
    expect(await detailFieldsOf(filled({ price: '100000.01', addPercentage: '101' }))).toEqual({
      errors: {
        priceCents: 'Price must be at most $100,000',
        addPercentage: 'Discount must be between 0 and 100 percent',
      },
    });
  });
});

describe('a saved detail in the form', () => {
  it('comes back unchanged when nothing was edited', async () => {
    const result = await detailFieldsOf(detailFormValuesOf(saved));
    if (!('fields' in result)) throw new Error('expected valid fields');
    expect(changedDetailFields(saved, result.fields, true)).toEqual({});
  });

  it('reads a detail saved before the dry-ice flag as not on dry ice, and sends the flag once it is ticked', async () => {
    expect(detailFormValuesOf(saved).shipsOnDryIce).toBe(false);
    const result = await detailFieldsOf({ ...detailFormValuesOf(saved), shipsOnDryIce: true });
    if (!('fields' in result)) throw new Error('expected valid fields');
    expect(changedDetailFields(saved, result.fields, false)).toEqual({ shipsOnDryIce: true });
    expect(changedDetailFields({ ...saved, shipsOnDryIce: true }, result.fields, false)).toEqual({});
  });

  it('reports only the fields that changed, and the rich text only when it was typed in', async () => {
    const values = { ...detailFormValuesOf(saved), price: '1300', contents: '<p>Sterile, re-serialised.</p>' };
    const result = await detailFieldsOf(values);
    if (!('fields' in result)) throw new Error('expected valid fields');
    expect(changedDetailFields(saved, result.fields, false)).toEqual({ priceCents: 130000 });
    expect(changedDetailFields(saved, result.fields, true)).toEqual({
      priceCents: 130000,
      contents: '<p>Sterile, re-serialised.</p>',
    });
  });
});

describe('normalizeEditorHtml', () => {
  it("stores an empty editor as '' and keeps real content", () => {
    expect(normalizeEditorHtml('<p><br></p>')).toBe('');
    expect(normalizeEditorHtml('<p><br></p><p><br></p>')).toBe('');
    expect(normalizeEditorHtml('<p>Hi</p>')).toBe('<p>Hi</p>');
  });
});

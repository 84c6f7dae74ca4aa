import { describe, expect, it } from 'vitest';
import { uploadedProductFields } from '@labshop/contracts/catalogue/uploads-commands';
import { fieldMessages } from '@labshop/contracts/customers/commands';
import { emptyUploadForm, uploadBodyOf, type UploadFormValues } from './upload-form-values.ts';

/** What the form's resolver finds: the command's fields, or its messages by field. */
function uploadFieldsOf(values: UploadFormValues) {
  const checked = uploadedProductFields.safeParse(uploadBodyOf(values));
  return checked.success ? { fields: checked.data } : { errors: fieldMessages(checked.error) };
}

const filled = {
  ...emptyUploadForm(),
  productName: 'Kit',
  productType: 'Kit',
  price: '299.90',
  quantity: '12',
  description: '<p>Isolates exosomes</p>',
};

describe('product upload form values', () => {
  it('turns dollars into cents and an empty URL into none', () => {
    expect(uploadFieldsOf(filled)).toEqual({
      fields: {
        productName: 'Kit',
        productType: 'Kit',
        priceCents: 29_990,
        quantity: 12,
        productUrl: null,
        innerPackageId: '',
        description: '<p>Isolates exosomes</p>',
      },
    });
  });

  it('words every refusal as the spec (and the server) does', () => {
    expect(uploadFieldsOf(emptyUploadForm())).toEqual({
      errors: {
        productName: 'Product name is required',
        productType: 'Product type is required',
        priceCents: 'Valid price is required (min 0)',
        quantity: 'Valid quantity is required (min 0)',
        description: 'Description is required',
      },
    });
    expect(
      uploadFieldsOf({
        ...filled,
        price: '-1',
        quantity: '10001',
        productUrl: 'example.com',
        description: '<p><br></p>',
      }),
    ).toEqual({
      errors: {
        priceCents: 'Valid price is required (min 0)',
        quantity: 'Quantity must be at most 10000',
        productUrl: 'Product URL must start with http:// or https://',
        description: 'Description is required',
      },
    });
    expect(uploadFieldsOf({ ...filled, price: '100000.01' })).toEqual({
      errors: { priceCents: 'Price must be at most $100,000' },
    });
  });
});

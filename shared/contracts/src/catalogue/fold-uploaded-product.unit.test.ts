import { describe, expect, it } from 'vitest';
import type { StoredFile } from './events.ts';
import type { UploadedProductEvent, UploadedProductFields } from './uploads-events.ts';
import { evolveUploadedProduct, noUploadedProduct } from './fold-uploaded-product.ts';

const productId = 'p1';
const fields: UploadedProductFields = {
  productName: 'Kit',
  productType: 'Serum',
  priceCents: 1_000,
  quantity: 3,
  productUrl: null,
  innerPackageId: 'PK-1',
  description: '<p>x</p>',
};
const image = (name: string): StoredFile => ({ name, originalName: 'a.png', contentType: 'image/png', size: 10 });
const added: UploadedProductEvent = {
  type: 'UploadedProductAdded',
  data: { productId, fields, image: image('a.png') },
};
const fold = (events: UploadedProductEvent[]) => events.reduce(evolveUploadedProduct, noUploadedProduct());

describe('evolveUploadedProduct', () => {
  it('is none before its first event and listed at version 1 once added', () => {
    expect(fold([])).toEqual({ status: 'none' });
    expect(fold([added])).toEqual({ status: 'listed', fields, image: image('a.png'), version: 1 });
  });

  it('merges changed fields, keeps the image unless a new one came, and counts each update', () => {
    expect(
      fold([
        added,
        { type: 'UploadedProductUpdated', data: { productId, changes: { priceCents: 2_000 } } },
        { type: 'UploadedProductUpdated', data: { productId, changes: { quantity: 1 } } },
      ]),
    ).toEqual({
      status: 'listed',
      fields: { ...fields, priceCents: 2_000, quantity: 1 },
      image: image('a.png'),
      version: 3,
    });
    expect(
      fold([added, { type: 'UploadedProductUpdated', data: { productId, changes: {}, image: image('b.png') } }]),
    ).toMatchObject({ image: image('b.png'), version: 2 });
  });

  it('stays deleted, and an update of a product never added changes nothing', () => {
    const updated: UploadedProductEvent = {
      type: 'UploadedProductUpdated',
      data: { productId, changes: { quantity: 1 } },
    };
    expect(fold([added, { type: 'UploadedProductDeleted', data: { productId } }, updated])).toEqual({
      status: 'deleted',
    });
    expect(fold([updated])).toEqual({ status: 'none' });
  });
});

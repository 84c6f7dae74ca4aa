import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { StoredFile } from '@labshop/contracts/catalogue/events';
import type { UploadedProductEvent, UploadedProductFields } from '@labshop/contracts/catalogue/uploads-events';
import { uploadedProductDecider } from './decider.ts';

const uploads = spec(uploadedProductDecider);

const productId = '00000000-0000-4000-8000-0000000000a1';
const fields: UploadedProductFields = {
  productName: 'Exosome Isolation Kit',
  productType: 'Kit',
  priceCents: 29_900,
  quantity: 12,
  productUrl: null,
  innerPackageId: '',
  description: '<p>Isolates exosomes</p>',
};
const image = (name: string): StoredFile => ({ name, originalName: 'kit.png', contentType: 'image/png', size: 100 });
const added: UploadedProductEvent = {
  type: 'UploadedProductAdded',
  data: { productId, fields, image: image('a.png') },
};

describe('uploaded product decider', () => {
  it('adds a product once', () => {
    uploads
      .given([])
      .when({ type: 'AddUploadedProduct', productId, fields, image: image('a.png') })
      .then([added]);
    uploads
      .given([added])
      .when({ type: 'AddUploadedProduct', productId, fields, image: image('a.png') })
      .thenThrows('conflict');
  });

  it('records only the fields that changed, and a new image; nothing when nothing changed', () => {
    const update = { type: 'UpdateUploadedProduct', productId, expectedVersion: 1 } as const;
    uploads
      .given([added])
      .when({ ...update, fields: { ...fields, priceCents: 31_000 }, image: image('b.png') })
      .then([
        { type: 'UploadedProductUpdated', data: { productId, changes: { priceCents: 31_000 }, image: image('b.png') } },
      ]);
    uploads
      .given([added])
      .when({ ...update, fields, image: image('a.png') })
      .then([]);
  });

  it('refuses a stale update or delete with a conflict naming both versions', () => {
    const updated: UploadedProductEvent = {
      type: 'UploadedProductUpdated',
      data: { productId, changes: { quantity: 3 } },
    };
    const stale = uploads
      .given([added, updated])
      .when({ type: 'UpdateUploadedProduct', productId, fields, expectedVersion: 1 })
      .refusal();
    expect(stale).toMatchObject({ kind: 'conflict', details: { yourVersion: 1, currentVersion: 2, stale: true } });
    uploads
      .given([added, updated])
      .when({ type: 'DeleteUploadedProduct', productId, expectedVersion: 1 })
      .thenThrows('conflict');
    uploads
      .given([added, updated])
      .when({ type: 'DeleteUploadedProduct', productId, expectedVersion: 2 })
      .then([{ type: 'UploadedProductDeleted', data: { productId } }]);
  });

  it('refuses to update or delete a product that is gone or never was', () => {
    const deleted: UploadedProductEvent = { type: 'UploadedProductDeleted', data: { productId } };
    uploads
      .given([added, deleted])
      .when({ type: 'UpdateUploadedProduct', productId, fields, expectedVersion: 1 })
      .thenThrows('not_found');
    uploads.given([]).when({ type: 'DeleteUploadedProduct', productId }).thenThrows('not_found');
    uploads
      .given([added, deleted])
      .when({ type: 'AddUploadedProduct', productId, fields, image: image('a.png') })
      .thenThrows('conflict');
  });
});

import { describe, expect, it } from 'vitest';
import type { StoredFile } from '@labshop/shared/events/catalogue';
import type { UploadedProductEvent, UploadedProductFields } from '@labshop/shared/events/product-uploads';
import { refusal } from '@labshop/shared/testing/decider-spec';
import { uploadedProductDecider, type UploadedProductCommand } from './decider.ts';

const { initialState, evolve, decide } = uploadedProductDecider;
const when = (events: UploadedProductEvent[], command: UploadedProductCommand) => decide(command, events.reduce(evolve, initialState()));

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
const added: UploadedProductEvent = { type: 'UploadedProductAdded', data: { productId, fields, image: image('a.png') } };

describe('uploaded product decider', () => {
  it('adds a product once', () => {
    expect(when([], { type: 'AddUploadedProduct', productId, fields, image: image('a.png') })).toEqual([added]);
    expect(refusal(() => when([added], { type: 'AddUploadedProduct', productId, fields, image: image('a.png') })).kind).toBe('conflict');
  });

  it('records only the fields that changed, and a new image; nothing when nothing changed', () => {
    const update = { type: 'UpdateUploadedProduct', productId, expectedVersion: 1 } as const;
    expect(when([added], { ...update, fields: { ...fields, priceCents: 31_000 }, image: image('b.png') })).toEqual([
      { type: 'UploadedProductUpdated', data: { productId, changes: { priceCents: 31_000 }, image: image('b.png') } },
    ]);
    expect(when([added], { ...update, fields, image: image('a.png') })).toEqual([]);
  });

  it('refuses a stale update or delete with a conflict naming both versions', () => {
    const updated: UploadedProductEvent = { type: 'UploadedProductUpdated', data: { productId, changes: { quantity: 3 } } };
    const stale = refusal(() => when([added, updated], { type: 'UpdateUploadedProduct', productId, fields, expectedVersion: 1 }));
    expect(stale).toMatchObject({ kind: 'conflict', details: { yourVersion: 1, currentVersion: 2, stale: true } });
    expect(refusal(() => when([added, updated], { type: 'DeleteUploadedProduct', productId, expectedVersion: 1 })).kind).toBe('conflict');
    expect(when([added, updated], { type: 'DeleteUploadedProduct', productId, expectedVersion: 2 })).toEqual([{ type: 'UploadedProductDeleted', data: { productId } }]);
  });

  it('refuses to update or delete a product that is gone or never was', () => {
    const deleted: UploadedProductEvent = { type: 'UploadedProductDeleted', data: { productId } };
    expect(refusal(() => when([added, deleted], { type: 'UpdateUploadedProduct', productId, fields, expectedVersion: 1 })).kind).toBe('not_found');
    expect(refusal(() => when([], { type: 'DeleteUploadedProduct', productId })).kind).toBe('not_found');
    expect(refusal(() => when([added, deleted], { type: 'AddUploadedProduct', productId, fields, image: image('a.png') })).kind).toBe('conflict');
  });
});

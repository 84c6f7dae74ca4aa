import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { uploadedProducts } from './projection.ts';

const fields = {
  productName: 'Kit',
  productType: 'Kit',
  priceCents: 100,
  quantity: 1,
  productUrl: null,
  innerPackageId: '',
  description: '<p>x</p>',
};
const image = (name: string) => ({ name, originalName: 'kit.png', contentType: 'image/png', size: 10 });

describe('uploaded-products projection', () => {
  it('keeps each listed product with its version, its latest image and its times, and drops a deleted one', async () => {
    const products = await replay(uploadedProducts, [
      recorded('UploadedProductAdded', { productId: 'p1', fields, image: image('a.png') }, '2026-11-20T10:00:00.000Z'),
      recorded('UploadedProductAdded', { productId: 'p2', fields, image: image('b.png') }),
      recorded('UploadedProductUpdated', { productId: 'p1', changes: { priceCents: 250 } }, '2026-11-21T10:00:00.000Z'),
      recorded(
        'UploadedProductUpdated',
        { productId: 'p1', changes: {}, image: image('c.png') },
        '2026-11-22T10:00:00.000Z',
      ),
      recorded('UploadedProductDeleted', { productId: 'p2' }),
    ]);
    expect([...products.keys()]).toEqual(['p1']);
    expect(products.get('p1')).toMatchObject({
      productId: 'p1',
      priceCents: 250,
      image: { name: 'c.png' },
      version: 3,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
    });
  });
});

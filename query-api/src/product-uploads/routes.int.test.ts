import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import { BLOG_STREAM, type BlogEvent } from '@labshop/contracts/content/blog-events';
import { uploadedProductStream, type UploadedProductEvent } from '@labshop/contracts/catalogue/uploads-events';
import { blogItems, uploadedProducts } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { servedContentFiles } from '../catalogue/served-files.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

/** The product upload list and the blog panel: both admin-only reads of their own read models. */
const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const projections = [uploadedProducts, blogItems];
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };
let customer: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  // A loaded machine may take a while to project a fresh database's first events; the answer must not come back stale.
  queries = await buildQueryApp({ ...stores, tokens, projections, readYourWritesTimeoutMs: 20_000 });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
  customer = await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@example.com' });
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

let lastPosition = '';
const get = (url: string, headers: Record<string, string> = admin) =>
  queries.inject({ method: 'GET', url, headers: { [POSITION_HEADER]: lastPosition, ...headers } });

const fields = {
  productName: 'Kit',
  productType: 'Kit',
  priceCents: 1_999,
  quantity: 4,
  productUrl: null,
  innerPackageId: '',
  description: '<p>Kit</p>',
};
const image = { name: `${'a'.repeat(64)}.png`, originalName: 'kit.png', contentType: 'image/png' as const, size: 10 };

describe('product upload queries', () => {
  it('lists the products newest first with their image URL and version, and answers one by id', async () => {
    const [older, newer] = [crypto.randomUUID(), crypto.randomUUID()];
    await givenEvents<UploadedProductEvent>(stores.eventStore, uploadedProductStream(older), [
      { type: 'UploadedProductAdded', data: { productId: older, fields, image } },
    ]);
    lastPosition = await givenEvents<UploadedProductEvent>(stores.eventStore, uploadedProductStream(newer), [
      { type: 'UploadedProductAdded', data: { productId: newer, fields: { ...fields, productName: 'Newer' }, image } },
      { type: 'UploadedProductUpdated', data: { productId: newer, changes: { priceCents: 2_500 } } },
    ]);
    const list = await get('/api/admin/product-uploads');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().products.map((p: { productId: string }) => p.productId)).toEqual([newer, older]);
    expect(list.json().products[0]).toMatchObject({
      productName: 'Newer',
      priceCents: 2_500,
      version: 2,
      image: { url: `/content/${image.name}`, originalName: 'kit.png' },
    });
    expect((await get(`/api/admin/product-uploads/${older}`)).json()).toMatchObject({ productId: older, version: 1 });
    expect((await get(`/api/admin/product-uploads/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('has /content serve an image while a listed product holds it, and no longer once the product is deleted', async () => {
    const productId = crypto.randomUUID();
    const own = { ...image, name: `${'b'.repeat(64)}.png` };
    const served = servedContentFiles(stores.readStore);
    lastPosition = await givenEvents<UploadedProductEvent>(stores.eventStore, uploadedProductStream(productId), [
      { type: 'UploadedProductAdded', data: { productId, fields, image: own } },
    ]);
    expect((await get(`/api/admin/product-uploads/${productId}`)).statusCode).toBe(200);
    expect(await served(own.name)).toBe(true);
    lastPosition = await givenEvents<UploadedProductEvent>(stores.eventStore, uploadedProductStream(productId), [
      { type: 'UploadedProductDeleted', data: { productId } },
    ]);
    expect((await get(`/api/admin/product-uploads/${productId}`)).statusCode).toBe(404);
    expect(await served(own.name)).toBe(false);
  });

  it("answers a section's inner items by its package id, and the sections alone on the panel's first page", async () => {
    const [section, inner] = [crypto.randomUUID(), crypto.randomUUID()];
    lastPosition = await givenEvents<BlogEvent>(stores.eventStore, BLOG_STREAM, [
      {
        type: 'BlogItemAdded',
        data: {
          itemId: section,
          sectionId: null,
          number: 1,
          packageId: 'PKG-00AA',
          innerPackageId: null,
          productName: 'Cell culture',
          description: '',
        },
      },
      {
        type: 'BlogItemAdded',
        data: {
          itemId: inner,
          sectionId: section,
          number: 2,
          packageId: 'PKG-00AA',
          innerPackageId: 'PKG-00AA-01',
          productName: 'DMEM',
          description: 'Medium',
        },
      },
    ]);
    expect((await get('/api/admin/blog/sections')).json()).toEqual({
      sections: [expect.objectContaining({ itemId: section, number: 1, version: 1 })],
    });
    const drilled = (await get('/api/admin/blog/packages/PKG-00AA')).json();
    expect(drilled.section.itemId).toBe(section);
    expect(drilled.items).toEqual([
      expect.objectContaining({ itemId: inner, innerPackageId: 'PKG-00AA-01', description: 'Medium' }),
    ]);
    expect((await get('/api/admin/blog/packages/PKG-FFFF')).statusCode).toBe(404);
    expect((await get('/api/admin/blog/packages/nope')).statusCode).toBe(400);
  });

  it('is for admins only: 401 anonymous, 403 for a customer', async () => {
    for (const url of [
      '/api/admin/product-uploads',
      `/api/admin/product-uploads/${crypto.randomUUID()}`,
      '/api/admin/blog/sections',
      '/api/admin/blog/packages/PKG-00AA',
    ]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, customer)).statusCode, url).toBe(403);
    }
  });
});

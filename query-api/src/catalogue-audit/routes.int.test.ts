import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/shared/auth/tokens';
import { createTestStores } from '@labshop/shared/testing/stores';
import { createLogger } from '@labshop/shared/logger';
import { buildCommandApp } from '@labshop/command-api/app';
import { adminAuthorization } from '@labshop/command-api/testing/admin-session';
import { catalogueAudit } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';
import { incomingDirOf } from '@labshop/command-api/catalogue/files/content-store';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const projections = [catalogueAudit];
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };
let contentDir: string;

beforeAll(async () => {
  stores = await createTestStores();
  contentDir = await mkdtemp(join(tmpdir(), 'labshop-content-'));
  commands = await buildCommandApp({ eventStore: stores.eventStore, tokens, contentDir });
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await Promise.all([commands?.close(), queries?.close()]);
  await stores?.drop();
  if (contentDir) await Promise.all([contentDir, incomingDirOf(contentDir)].map((dir) => rm(dir, { recursive: true, force: true })));
});

let lastPosition = '';
async function command(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await commands.inject({ method, url, headers: admin, ...(payload && { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  const body = response.json() as Record<string, string>;
  lastPosition = body.position!;
  return body;
}

const history = (entityType: string, entityId: string, headers: Record<string, string> = admin) =>
  queries.inject({ method: 'GET', url: `/api/admin/catalogue/audit/${entityType}/${entityId}`, headers: { [POSITION_HEADER]: lastPosition, ...headers } });

describe('catalogue audit query', () => {
  it("answers each item's history newest first: the admin, the time and each changed field before → after", async () => {
    const { productId } = await command('POST', '/api/admin/catalogue/products', { name: 'Mycoplasma' });
    const product = `/api/admin/catalogue/products/${productId}`;
    await command('PATCH', product, { name: 'Mycoplasma Detection' });
    await command('PATCH', `${product}/content`, { content: '<p>Fast PCR<script>alert(1)</script></p>' });
    const { subproductId } = await command('POST', `${product}/subproducts`, { name: 'PCR Kits' });
    const details = `${product}/subproducts/${subproductId}/details`;
    const { detailId } = await command('POST', details, { productType: '96 tests', quantity: 10, priceCents: 45_000 });
    await command('PATCH', `${details}/${detailId}`, { quantity: 8, priceCents: 39_900, visible: false });

    const productHistory = await history('product', productId!);
    expect(productHistory.statusCode).toBe(200);
    expect(productHistory.headers['x-labshop-stale']).toBeUndefined();
    expect(productHistory.json()).toMatchObject({ entityType: 'product', entityId: productId, deleted: false });
    expect(productHistory.json().entries.map((e: { action: string; changes: unknown[] }) => [e.action, e.changes])).toEqual([
      ['content-changed', [{ field: 'content', before: '', after: '<p>Fast PCR</p>' }]],
      ['updated', [{ field: 'name', before: 'Mycoplasma', after: 'Mycoplasma Detection' }]],
      ['created', expect.arrayContaining([{ field: 'name', before: null, after: 'Mycoplasma' }])],
    ]);
    const [newest] = productHistory.json().entries;
    expect(newest.actor).toEqual({ id: expect.any(String), email: 'admin@labshop.test' });
    expect(Date.parse(newest.at)).not.toBeNaN();

    const detailHistory = (await history('detail', detailId!)).json();
    expect(detailHistory.entries.slice(0, 2).map((e: { action: string; changes: unknown[] }) => [e.action, e.changes])).toEqual([
      ['hidden', [{ field: 'visible', before: true, after: false }]],
      [
        'updated',
        [
          { field: 'quantity', before: 10, after: 8 },
          { field: 'priceCents', before: 45_000, after: 39_900 },
        ],
      ],
    ]);

    await command('DELETE', product);
    const afterDelete = (await history('detail', detailId!)).json();
    expect(afterDelete.deleted).toBe(true);
    expect(afterDelete.entries[0]).toMatchObject({ action: 'deleted', via: { entityType: 'product', entityId: productId } });
  });

  it('answers 404 for an item without history and 400 for a bad type or id', async () => {
    expect((await history('product', '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ error: 'NotFound', message: 'No history for this item' });
    expect((await history('order', '00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ error: 'BadRequest', fields: { entityType: 'Choose product, subproduct or detail' } });
    expect((await history('product', 'not-an-id')).statusCode).toBe(400);
  });

  it('is for admins only: 401 anonymous, 403 for a customer', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await queries.inject({ method: 'GET', url: `/api/admin/catalogue/audit/product/${id}` })).statusCode).toBe(401);
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'c@example.com' }, '1h');
    expect((await history('product', id, { authorization: `Bearer ${customer}` })).statusCode).toBe(403);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/shared/auth/tokens';
import { createTestStores } from '@labshop/shared/testing/stores';
import { givenEvents, TEST_ADMIN } from '@labshop/shared/testing/given-events';
import { sessionOf } from '@labshop/shared/testing/sessions';
import { detailFields } from '@labshop/shared/testing/detail-fields';
import { createLogger } from '@labshop/shared/logger';
import { CATALOGUE_STREAM, productStream, subproductStream, type AnyCatalogueEvent } from '@labshop/shared/events/catalogue';
import { catalogueAudit } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const projections = [catalogueAudit];
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

let lastPosition = '';
async function given(stream: string, ...events: AnyCatalogueEvent[]) {
  lastPosition = await givenEvents(stores.eventStore, stream, events);
}

const history = (entityType: string, entityId: string, headers: Record<string, string> = admin) =>
  queries.inject({ method: 'GET', url: `/api/admin/catalogue/audit/${entityType}/${entityId}`, headers: { [POSITION_HEADER]: lastPosition, ...headers } });

describe('catalogue audit query', () => {
  it("answers each item's history newest first: the admin, the time and each changed field before → after", async () => {
    const [productId, subproductId, detailId] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await given(
      CATALOGUE_STREAM,
      { type: 'ProductCreated', data: { productId, name: 'Mycoplasma', displayOrder: 0 } },
      { type: 'ProductRenamed', data: { productId, name: 'Mycoplasma Detection' } },
    );
    await given(
      productStream(productId),
      { type: 'ProductContentChanged', data: { productId, content: '<p>Fast PCR</p>' } },
      { type: 'SubproductCreated', data: { productId, subproductId, name: 'PCR Kits', displayOrder: 0 } },
    );
    const ref = { productId, subproductId, detailId };
    await given(
      subproductStream(subproductId),
      {
        type: 'DetailCreated',
        data: {
          ...ref,
          displayOrder: 0,
          fields: detailFields({ productType: '96 tests', quantity: 10, priceCents: 45_000 }),
        },
      },
      { type: 'DetailUpdated', data: { ...ref, changes: { quantity: 8, priceCents: 39_900 } } },
      { type: 'DetailVisibilityChanged', data: { ...ref, visible: false } },
    );

    const productHistory = await history('product', productId);
    expect(productHistory.statusCode).toBe(200);
    expect(productHistory.headers['x-labshop-stale']).toBeUndefined();
    expect(productHistory.json()).toMatchObject({ entityType: 'product', entityId: productId, deleted: false });
    expect(productHistory.json().entries.map((e: { action: string; changes: unknown[] }) => [e.action, e.changes])).toEqual([
      ['content-changed', [{ field: 'content', before: '', after: '<p>Fast PCR</p>' }]],
      ['updated', [{ field: 'name', before: 'Mycoplasma', after: 'Mycoplasma Detection' }]],
      ['created', expect.arrayContaining([{ field: 'name', before: null, after: 'Mycoplasma' }])],
    ]);
    const [newest] = productHistory.json().entries;
    expect(newest.actor).toEqual({ id: TEST_ADMIN.id, email: TEST_ADMIN.email });
    expect(Date.parse(newest.at)).not.toBeNaN();

    const detailHistory = (await history('detail', detailId)).json();
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

    await given(CATALOGUE_STREAM, { type: 'ProductDeleted', data: { productId } });
    const afterDelete = (await history('detail', detailId)).json();
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
    expect((await history('product', id, await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@example.com' }))).statusCode).toBe(403);
  });
});

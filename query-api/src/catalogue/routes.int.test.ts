import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type CatalogueEvent,
  type ProductStreamEvent,
  type SubproductStreamEvent,
} from '@labshop/contracts/catalogue/events';
import { detailFields } from '@labshop/platform/testing/detail-fields';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
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

const given = (...events: CatalogueEvent[]) => givenEvents(stores.eventStore, CATALOGUE_STREAM, events);
const read = (url: string, headers: Record<string, string> = {}) => queries.inject({ method: 'GET', url, headers });

/** One subproduct with one detail in the product: shoppers see a category once it has something in it. */
async function stock(productId: string): Promise<string> {
  const subproductId = crypto.randomUUID();
  await givenEvents<ProductStreamEvent>(stores.eventStore, productStream(productId), [
    { type: 'SubproductCreated', data: { productId, subproductId, name: 'Kits', displayOrder: 0 } },
  ]);
  return givenEvents<SubproductStreamEvent>(stores.eventStore, subproductStream(subproductId), [
    {
      type: 'DetailCreated',
      data: {
        productId,
        subproductId,
        detailId: crypto.randomUUID(),
        displayOrder: 0,
        fields: detailFields({ productType: 'Kit' }),
      },
    },
  ]);
}

describe('catalogue queries', () => {
  it('shows each write to the next read that carries its position: visible products in display order', async () => {
    const [myco, western, lab] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const position = await given(
      { type: 'ProductCreated', data: { productId: myco, name: 'Mycoplasma', displayOrder: 0 } },
      { type: 'ProductCreated', data: { productId: western, name: 'Western Blot', displayOrder: 1 } },
      { type: 'ProductCreated', data: { productId: lab, name: 'Lab Consumables', displayOrder: 2 } },
      { type: 'ProductsReordered', data: { productIds: [lab, myco, western] } },
      { type: 'ProductVisibilityChanged', data: { productId: myco, visible: false } },
    );
    let stocked = position;
    for (const productId of [myco, western, lab]) stocked = await stock(productId);

    const storefront = await read('/api/catalogue/menu', { [POSITION_HEADER]: stocked });
    expect(storefront.headers['x-labshop-stale']).toBeUndefined();
    expect(storefront.json().products.map((p: { name: string }) => p.name)).toEqual([
      'Lab Consumables',
      'Western Blot',
    ]);

    const back = await read('/api/admin/catalogue/products', { [POSITION_HEADER]: position, ...admin });
    expect(back.json().products.map((p: { name: string; visible: boolean }) => [p.name, p.visible])).toEqual([
      ['Lab Consumables', true],
      ['Mycoplasma', false],
      ['Western Blot', true],
    ]);

    const deleted = await given({ type: 'ProductDeleted', data: { productId: lab } });
    const afterDelete = await read('/api/catalogue/menu', { [POSITION_HEADER]: deleted });
    expect(afterDelete.json().products.map((p: { name: string }) => p.name)).toEqual(['Western Blot']);
  });

  it('guards the admin list: 401 anonymous, 403 for a customer', async () => {
    expect((await read('/api/admin/catalogue/products')).statusCode).toBe(401);
    const customer = await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@example.com' });
    expect((await read('/api/admin/catalogue/products', customer)).statusCode).toBe(403);
  });

  it('refuses a malformed position header', async () => {
    const response = await read('/api/catalogue/menu', { [POSITION_HEADER]: "'; DROP TABLE events; --" });
    expect(response.statusCode).toBe(400);
  });

  it('reports each projection with its checkpoint and lag', async () => {
    const position = await given({
      type: 'ProductCreated',
      data: { productId: crypto.randomUUID(), name: 'Electrophoresis', displayOrder: 3 },
    });
    await read('/api/catalogue/menu', { [POSITION_HEADER]: position });
    expect((await read('/api/status/projections')).statusCode).toBe(401);
    const status = (await read('/api/status/projections', admin)).json();
    const { version } = projections.find((projection) => projection.name === 'catalogue-tree')!;
    expect(status.projections).toContainEqual(
      expect.objectContaining({ name: 'catalogue-tree', version, activeVersion: version, lag: 0 }),
    );
  });

  it('serves the generated OpenAPI document', async () => {
    const document = (await read('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toContain('/api/catalogue/menu');
  });
});

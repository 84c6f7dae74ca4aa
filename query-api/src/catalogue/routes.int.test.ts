import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/shared/auth/tokens';
import { createTestStores } from '@labshop/shared/testing/stores';
import { createLogger } from '@labshop/shared/logger';
import { buildCommandApp } from '@labshop/command-api/app';
import { adminAuthorization } from '@labshop/command-api/testing/admin-session';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  commands = await buildCommandApp({ eventStore: stores.eventStore, tokens });
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await Promise.all([commands?.close(), queries?.close()]);
  await stores?.drop();
});

async function command(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const response = await commands.inject({ method, url, headers: admin, ...(payload && { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { position: string; productId?: string };
}

const read = (url: string, headers: Record<string, string> = {}) => queries.inject({ method: 'GET', url, headers });

describe('catalogue queries', () => {
  it('shows each write to the next read that carries its position: visible products in display order', async () => {
    const ids: string[] = [];
    for (const name of ['Mycoplasma', 'Western Blot', 'Lab Consumables']) ids.push((await command('POST', '/api/admin/catalogue/products', { name })).productId!);
    const [myco, western, lab] = ids as [string, string, string];
    await command('PUT', '/api/admin/catalogue/products/order', { productIds: [lab, myco, western] });
    const { position } = await command('PATCH', `/api/admin/catalogue/products/${myco}`, { visible: false });

    const storefront = await read('/api/catalogue/menu', { [POSITION_HEADER]: position });
    expect(storefront.headers['x-labshop-stale']).toBeUndefined();
    expect(storefront.json().products.map((p: { name: string }) => p.name)).toEqual(['Lab Consumables', 'Western Blot']);

    const back = await read('/api/admin/catalogue/products', { [POSITION_HEADER]: position, ...admin });
    expect(back.json().products.map((p: { name: string; visible: boolean }) => [p.name, p.visible])).toEqual([
      ['Lab Consumables', true],
      ['Mycoplasma', false],
      ['Western Blot', true],
    ]);

    const { position: deleted } = await command('DELETE', `/api/admin/catalogue/products/${lab}`);
    const afterDelete = await read('/api/catalogue/menu', { [POSITION_HEADER]: deleted });
    expect(afterDelete.json().products.map((p: { name: string }) => p.name)).toEqual(['Western Blot']);
  });

  it('guards the admin list: 401 anonymous, 403 for a customer', async () => {
    expect((await read('/api/admin/catalogue/products')).statusCode).toBe(401);
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'c@example.com' }, '1h');
    expect((await read('/api/admin/catalogue/products', { authorization: `Bearer ${customer}` })).statusCode).toBe(403);
  });

  it('refuses a malformed position header', async () => {
    const response = await read('/api/catalogue/menu', { [POSITION_HEADER]: "'; DROP TABLE events; --" });
    expect(response.statusCode).toBe(400);
  });

  it('reports each projection with its checkpoint and lag', async () => {
    const { position } = await command('POST', '/api/admin/catalogue/products', { name: 'Electrophoresis' });
    await read('/api/catalogue/menu', { [POSITION_HEADER]: position });
    expect((await read('/api/status/projections')).statusCode).toBe(401);
    const status = (await read('/api/status/projections', admin)).json();
    expect(status.projections).toContainEqual(expect.objectContaining({ name: 'catalogue-products', version: 2, activeVersion: 2, lag: 0 }));
  });

  it('serves the generated OpenAPI document', async () => {
    const document = (await read('/api/docs/json')).json();
    expect(Object.keys(document.paths)).toContain('/api/catalogue/menu');
  });
});

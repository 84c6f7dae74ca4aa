/** System test: a cart read from the query API equals what the command API answered, once projected. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import type { CartChange, CartView } from '@labshop/contracts/carts/queries';
import { applyCartChange } from '@labshop/contracts/carts/cart-view';
import { buildCommandApp } from '@labshop/command-api/app';
import { adminAuthorization } from '@labshop/command-api/testing/admin-session';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '@labshop/query-api/app';

const POSITION_HEADER = 'x-labshop-position';
const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let clock = Date.parse('2026-03-01T10:00:00.000Z');
const now = () => new Date(clock);
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };
let offer: { subproductId: string; detailId: string; packSize: string };

beforeAll(async () => {
  stores = await createTestStores();
  commands = await buildCommandApp({ eventStore: stores.eventStore, tokens, now });
  queries = await buildQueryApp({ ...stores, tokens, projections, now });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await adminAuthorization(stores.eventStore, tokens);

  const created = async (url: string, payload: object) => {
    const response = await commands.inject({ method: 'POST', url, payload, headers: admin });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Record<string, string>;
  };
  const productId = (await created('/api/admin/catalogue/products', { name: 'Exosomes' })).productId!;
  const subproductId = (
    await created(`/api/admin/catalogue/products/${productId}/subproducts`, { name: 'Isolation kits' })
  ).subproductId!;
  const detail = await created(`/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`, {
    productType: 'Serum kit',
    quantity: 10,
    priceCents: 50_000,
    priceTiers: [{ priceCents: 10_000, packSize: '10 ml' }],
  });
  offer = { subproductId, detailId: detail.detailId!, packSize: '10 ml' };
});
afterAll(async () => {
  await projectors?.stop();
  await Promise.all([commands?.close(), queries?.close()]);
  await stores?.drop();
});

const customer = async (customerId = crypto.randomUUID()) => ({
  customerId,
  headers: {
    authorization: `Bearer ${await tokens.sign({ role: 'customer', sub: customerId, email: 'shopper@example.com' }, '1h')}`,
  },
});

async function command<Answer = CartView>(
  url: string,
  payload: object,
  headers: Record<string, string> = {},
): Promise<{ view: Answer; position: string }> {
  const response = await commands.inject({
    method: 'POST',
    url,
    payload: { commandId: crypto.randomUUID(), ...payload },
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { view: response.json(), position: String(response.headers[POSITION_HEADER]) };
}

const read = (url: string, headers: Record<string, string> = {}) => queries.inject({ method: 'GET', url, headers });

describe('cart queries', () => {
  it('reads an anonymous cart exactly as the last command answered it, once projected', async () => {
    const cartId = crypto.randomUUID();
    const first = await command<CartChange>(`/api/carts/${cartId}/items`, { ...offer, quantity: 2 });
    const { view: change, position } = await command<CartChange>(`/api/carts/${cartId}/items`, {
      ...offer,
      quantity: 1,
    });
    const { basedOn: _basedOn, changedLines: _changed, removedLines: _removed, ...summary } = change;
    const lines = applyCartChange(applyCartChange([], first.view), change);

    const response = await read(`/api/carts/${cartId}`, { [POSITION_HEADER]: position });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-labshop-stale']).toBeUndefined();
    expect(response.json()).toEqual({ ...summary, lines });
    expect(change).toMatchObject({ cartId, itemCount: 3, subtotalCents: 30_000, revision: 1 });
  });

  it("reads the signed-in customer's cart, and the merged result after sign-in", async () => {
    const { customerId, headers } = await customer();
    await command('/api/account/cart/items', { ...offer, quantity: 1 }, headers);
    const cartId = crypto.randomUUID();
    await command(`/api/carts/${cartId}/items`, { ...offer, quantity: 4 });
    const { view, position } = await command('/api/account/cart/merge', { cartId }, headers);

    const mine = await read('/api/account/cart', { ...headers, [POSITION_HEADER]: position });
    expect(mine.json()).toEqual(view);
    expect(view).toMatchObject({ cartId: customerId, itemCount: 5 });
    const anonymous = await read(`/api/carts/${cartId}`, { [POSITION_HEADER]: position });
    expect(anonymous.json()).toMatchObject({ cartId, lines: [], itemCount: 0 });
  });

  it('reads a cart without events as empty, and an expired cart as empty', async () => {
    const unknown = crypto.randomUUID();
    expect((await read(`/api/carts/${unknown}`)).json()).toEqual({
      cartId: unknown,
      lines: [],
      itemCount: 0,
      subtotalCents: 0,
      updatedAt: null,
      expiresAt: null,
      revision: null,
    });

    const cartId = crypto.randomUUID();
    const { position } = await command(`/api/carts/${cartId}/items`, { ...offer, quantity: 2 });
    const start = clock;
    try {
      clock = start + CART_LIFETIME_MS + 1;
      const expired = await read(`/api/carts/${cartId}`, { [POSITION_HEADER]: position });
      expect(expired.json()).toMatchObject({ lines: [], itemCount: 0, expiresAt: null, revision: 0 });
    } finally {
      clock = start;
    }
  });

  it('answers 400 for a cart id that is not one, 401/403 for the customer cart without a customer session', async () => {
    const bad = await read('/api/carts/not-a-cart');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ cartId: 'Cart id must be a valid id' });
    expect((await read('/api/account/cart')).statusCode).toBe(401);
    expect((await read('/api/account/cart', admin)).statusCode).toBe(403);
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { cartStream, customerCartStream } from '@labshop/contracts/carts/events';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import type { CartChange, CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { applyCartChange } from '@labshop/contracts/carts/cart-view';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let clock = Date.parse('2026-03-01T10:00:00.000Z');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let sql: pg.Client;
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens, now: () => new Date(clock) });
  admin = await adminAuthorization(stores.eventStore, tokens);
  sql = new pg.Client({ connectionString: stores.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await app?.close();
  await sql?.end();
  await stores?.drop();
});

const customerSession = async (customerId = crypto.randomUUID()) => ({
  customerId,
  headers: {
    authorization: `Bearer ${await tokens.sign({ role: 'customer', sub: customerId, email: `${customerId}@example.com` }, '1h')}`,
  },
});

const send = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

async function admin200(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: admin, ...(payload && { payload }) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Record<string, string>;
}

async function cartOk(url: string, payload: object, headers: Record<string, string> = {}): Promise<CartView> {
  const response = await send(url, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function changeOk(url: string, payload: object, headers: Record<string, string> = {}): Promise<CartChange> {
  const response = await send(url, payload, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** One cart's line commands as the storefront sends them: each answer's change applied to the lines it holds. */
function cartClient(cart: string) {
  let lines: CartLineView[] = [];
  let revision: number | null = null;
  return {
    async change(path: string, payload: object) {
      const response = await send(`${cart}${path}`, payload);
      expect(response.statusCode, response.body).toBe(200);
      const change = response.json<CartChange>();
      expect(change.basedOn).toBe(revision);
      lines = applyCartChange(lines, change);
      revision = change.revision;
      return { change, lines, position: response.headers['x-labshop-position'] };
    },
  };
}

async function eventCount(): Promise<number> {
  const { rows } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

async function writesNothing<T>(action: () => Promise<T>): Promise<T> {
  const before = await eventCount();
  const result = await action();
  expect(await eventCount()).toBe(before);
  return result;
}

async function streamEvents(stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

/** A product › subproduct with a tiered detail (10% off) and a detail sold without tiers. */
async function catalogue() {
  const productId = (
    await admin200('POST', '/api/admin/catalogue/products', { name: `Exosomes ${crypto.randomUUID()}` })
  ).productId!;
  const subproductId = (
    await admin200('POST', `/api/admin/catalogue/products/${productId}/subproducts`, { name: 'Isolation kits' })
  ).subproductId!;
  const detailsUrl = `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`;
  const tieredDetail = await admin200('POST', detailsUrl, {
    productType: 'Serum kit',
    quantity: 10,
    priceCents: 50_000,
    addPercentage: 10,
    catalogNumber: 'EX-1',
    priceTiers: [
      { priceCents: 10_000, packSize: '10 ml', catalogNumber: 'EX-10' },
      { priceCents: 40_000, packSize: '50 ml', catalogNumber: 'EX-50' },
    ],
  });
  const tieredId = tieredDetail.detailId!;
  const plainId = (await admin200('POST', detailsUrl, { productType: 'Buffer', quantity: 3, priceCents: 1_250 }))
    .detailId!;
  const detailUrl = (detailId: string) => `${detailsUrl}/${detailId}`;
  return { productId, subproductId, tieredId, plainId, detailUrl };
}

const newCart = () => `/api/carts/${crypto.randomUUID()}`;
const command = () => ({ commandId: crypto.randomUUID() });

describe('anonymous cart commands', () => {
  it('adds lines at the catalogue price; the same detail and pack size add up, other pack sizes stay apart', async () => {
    const { subproductId, tieredId, plainId } = await catalogue();
    const cart = newCart();
    const client = cartClient(cart);
    await client.change('/items', { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 2 });
    await client.change('/items', { ...command(), subproductId, detailId: tieredId, packSize: '50 ml', quantity: 1 });
    const third = await client.change('/items', {
      ...command(),
      subproductId,
      detailId: tieredId,
      packSize: '10 ml',
      quantity: 3,
    });
    expect(third.position).toEqual(expect.any(String));
    // Only the line added to travels back.
    expect(third.change).toMatchObject({ basedOn: 1, revision: 2, removedLines: [] });
    expect(third.change.changedLines.map((line) => line.quantity)).toEqual([5]);
    await client.change('/items', { ...command(), subproductId, detailId: plainId, quantity: 1 });
    const { change: view, lines } = await client.change('/items', {
      ...command(),
      subproductId,
      detailId: plainId,
      packSize: null,
      quantity: 1,
    });

    expect(
      lines.map((line) => [line.packSize, line.quantity, line.unitPriceCents, line.lineTotalCents, line.catalogNumber]),
    ).toEqual([
      ['10 ml', 5, 9_000, 45_000, 'EX-10'],
      ['50 ml', 1, 36_000, 36_000, 'EX-50'],
      [null, 2, 1_250, 2_500, ''],
    ]);
    expect(lines[0]).toMatchObject({
      productName: 'Isolation kits',
      productType: 'Serum kit',
      listPriceCents: 10_000,
      discountPercent: 10,
      available: true,
      previousUnitPriceCents: null,
    });
    expect(view).toMatchObject({
      itemCount: 8,
      subtotalCents: 83_500,
      revision: 4,
      updatedAt: new Date(clock).toISOString(),
    });
    expect(view.expiresAt).toBe(new Date(clock + CART_LIFETIME_MS).toISOString());

    const [first] = await streamEvents(cartStream(cart.split('/').at(-1)!));
    expect(first?.metadata.actor).toEqual({ kind: 'anonymous', id: cart.split('/').at(-1), email: '' });
  });

  it('sets quantities, removes and clears', async () => {
    const { subproductId, tieredId, plainId } = await catalogue();
    const cart = newCart();
    const client = cartClient(cart);
    await client.change('/items', { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 2 });
    await client.change('/items', { ...command(), subproductId, detailId: plainId, quantity: 1 });

    const changed = await client.change('/items/quantity', {
      ...command(),
      detailId: tieredId,
      packSize: '10 ml',
      quantity: 250,
    });
    expect(changed.lines.map((line) => line.quantity)).toEqual([250, 1]);
    expect(changed.change.changedLines.map((line) => line.quantity)).toEqual([250]);
    expect(changed.change.subtotalCents).toBe(250 * 9_000 + 1_250);

    const removed = await client.change('/items/remove', { ...command(), detailId: plainId, packSize: null });
    expect(removed.lines.map((line) => line.detailId)).toEqual([tieredId]);
    expect(removed.change).toMatchObject({ changedLines: [], removedLines: [{ detailId: plainId, packSize: null }] });
    const again = await writesNothing(() =>
      changeOk(`${cart}/items/remove`, { ...command(), detailId: plainId, packSize: null }),
    );
    expect(again).toEqual({ ...removed.change, basedOn: removed.change.revision, removedLines: [] });

    const notInCart = await writesNothing(() =>
      send(`${cart}/items/quantity`, { ...command(), detailId: plainId, packSize: null, quantity: 2 }),
    );
    expect(notInCart.statusCode).toBe(404);
    expect(notInCart.json()).toMatchObject({ message: 'This item is not in your cart' });

    const cleared = await cartOk(`${cart}/clear`, command());
    expect(cleared).toMatchObject({ lines: [], itemCount: 0, subtotalCents: 0, expiresAt: null });
  });

  it('answers a retried command (same commandId) with no change on the current revision, changing nothing', async () => {
    const { subproductId, tieredId } = await catalogue();
    const cart = newCart();
    const add = { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 2 };
    const first = await changeOk(`${cart}/items`, add);
    expect(first).toMatchObject({ basedOn: null, revision: 0, itemCount: 2 });
    const retried = await writesNothing(() => changeOk(`${cart}/items`, add));
    // A client that lost the first answer still holds no revision, so it reads the cart.
    expect(retried).toEqual({ ...first, basedOn: 0, changedLines: [] });
  });

  it('refresh re-prices from the catalogue: a moved price shows the previous one, a hidden product is unavailable', async () => {
    const { subproductId, tieredId, plainId, detailUrl } = await catalogue();
    const cart = newCart();
    await cartOk(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 2 });
    await cartOk(`${cart}/items`, { ...command(), subproductId, detailId: plainId, quantity: 1 });

    await admin200('PATCH', detailUrl(tieredId), { addPercentage: 20 });
    await admin200('PATCH', detailUrl(plainId), { visible: false });
    const refreshed = await cartOk(`${cart}/refresh`, command());
    expect(refreshed.lines.map((line) => [line.unitPriceCents, line.previousUnitPriceCents, line.available])).toEqual([
      [8_000, 9_000, true],
      [1_250, null, false],
    ]);
    expect(refreshed.subtotalCents).toBe(16_000);
    expect(refreshed.itemCount).toBe(2);

    // Nothing moved since: a second refresh writes nothing and still shows the change.
    const second = await writesNothing(() => cartOk(`${cart}/refresh`, command()));
    expect(second.lines[0]?.previousUnitPriceCents).toBe(9_000);

    await admin200('PATCH', detailUrl(plainId), { visible: true });
    const back = await cartOk(`${cart}/refresh`, command());
    expect(back.lines[1]).toMatchObject({ available: true });
    expect(back.subtotalCents).toBe(16_000 + 1_250);
  });

  it('refuses what the catalogue does not sell, and a tiered detail without a pack size, writing nothing', async () => {
    const { subproductId, tieredId, detailUrl } = await catalogue();
    const cart = newCart();
    const noOption = await writesNothing(() =>
      send(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: null, quantity: 1 }),
    );
    expect(noOption.statusCode).toBe(400);
    expect(noOption.json()).toMatchObject({
      message: 'Please select a price option first!',
      fields: { packSize: 'Please select a price option first!' },
    });

    const unknownSize = await writesNothing(() =>
      send(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: '1 l', quantity: 1 }),
    );
    expect(unknownSize.statusCode).toBe(404);
    expect(unknownSize.json()).toMatchObject({ message: 'This product is no longer available' });

    await admin200('PATCH', detailUrl(tieredId), { quantity: 0 });
    const outOfStock = await writesNothing(() =>
      send(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 1 }),
    );
    expect(outOfStock.statusCode).toBe(400);
    expect(outOfStock.json()).toMatchObject({ message: 'This product is out of stock.' });

    await admin200('DELETE', detailUrl(tieredId));
    const deleted = await writesNothing(() =>
      send(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 1 }),
    );
    expect(deleted.statusCode).toBe(404);
  });

  it('is empty more than 5 days after its last change; an add then starts a new cart', async () => {
    const { subproductId, tieredId } = await catalogue();
    const cart = newCart();
    await cartOk(`${cart}/items`, { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 2 });
    const start = clock;
    try {
      clock = start + CART_LIFETIME_MS;
      expect((await cartOk(`${cart}/refresh`, command())).itemCount).toBe(2);
      clock = start + CART_LIFETIME_MS + 1;
      const expired = await cartOk(`${cart}/refresh`, command());
      expect(expired).toMatchObject({ lines: [], itemCount: 0, subtotalCents: 0, expiresAt: null });
      const fresh = await changeOk(`${cart}/items`, {
        ...command(),
        subproductId,
        detailId: tieredId,
        packSize: '10 ml',
        quantity: 1,
      });
      expect(fresh.changedLines.map((line) => line.quantity)).toEqual([1]);
      expect(fresh.itemCount).toBe(1);
      expect(fresh.expiresAt).toBe(new Date(clock + CART_LIFETIME_MS).toISOString());
    } finally {
      clock = start;
    }
  });

  it('refuses bad input with 400 and field messages, writing nothing', async () => {
    const { subproductId, tieredId } = await catalogue();
    const cart = newCart();
    const line = { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 1 };
    const cases: [string, unknown, string, string][] = [
      [`${cart}/items`, { ...line, quantity: 0 }, 'quantity', 'Quantity must be a whole number of at least 1'],
      [`${cart}/items`, { ...line, quantity: 1.5 }, 'quantity', 'Quantity must be a whole number of at least 1'],
      [
        `${cart}/items/quantity`,
        { commandId: line.commandId, detailId: tieredId, packSize: '10 ml', quantity: -3 },
        'quantity',
        'Quantity must be a whole number of at least 1',
      ],
      [
        `${cart}/items`,
        { ...line, packSize: '10\u0000ml' },
        'packSize',
        'Pack size contains characters that are not allowed',
      ],
      [
        `${cart}/items`,
        JSON.stringify({ ...line, packSize: 'x' }).replace('"packSize":"x"', '"packSize":"\\ud800"'),
        'packSize',
        'Pack size contains characters that are not allowed',
      ],
      [`${cart}/items`, { ...line, detailId: 'nope' }, 'detailId', 'Detail must be a valid id'],
      [`${cart}/items`, { ...line, commandId: undefined }, 'commandId', 'Command id must be a valid id'],
      [`${cart}/clear`, {}, 'commandId', 'Command id must be a valid id'],
      ['/api/carts/not-a-uuid/clear', command(), 'cartId', 'Cart id must be a valid id'],
    ];
    for (const [url, payload, field, message] of cases) {
      const response = await writesNothing(() => send(url, payload));
      expect(response.statusCode, `${url} ${String(payload)}`).toBe(400);
      expect(response.json().fields?.[field], JSON.stringify(response.json())).toBe(message);
    }
    const huge = await writesNothing(() => send(`${cart}/items`, { ...line, packSize: 'x'.repeat(64 * 1024) }));
    expect(huge.statusCode).toBe(413);
    const notJson = await writesNothing(() => send(`${cart}/items`, '{"commandId":'));
    expect(notJson.statusCode).toBe(400);
  });
});

describe('customer cart', () => {
  it('needs a customer session: 401 without one, 403 with an admin one', async () => {
    for (const path of ['/items', '/items/quantity', '/items/remove', '/clear', '/refresh', '/merge']) {
      const anonymous = await writesNothing(() => send(`/api/account/cart${path}`, command()));
      expect(anonymous.statusCode, path).toBe(401);
      const asAdmin = await writesNothing(() => send(`/api/account/cart${path}`, command(), admin));
      expect(asAdmin.statusCode, path).toBe(403);
    }
  });

  it('keeps the cart in the customer stream, with the customer as actor', async () => {
    const { subproductId, plainId } = await catalogue();
    const { customerId, headers } = await customerSession();
    const view = await cartOk(
      '/api/account/cart/items',
      { ...command(), subproductId, detailId: plainId, quantity: 2 },
      headers,
    );
    expect(view).toMatchObject({ cartId: customerId, itemCount: 2, subtotalCents: 2_500 });
    const [event] = await streamEvents(customerCartStream(customerId));
    expect(event?.metadata.actor).toEqual({ kind: 'customer', id: customerId, email: `${customerId}@example.com` });
  });

  it('merges an anonymous cart at sign-in: same lines add up, the anonymous cart empties, a retry changes nothing', async () => {
    const { subproductId, tieredId, plainId, detailUrl } = await catalogue();
    const { customerId, headers } = await customerSession();
    await cartOk(
      '/api/account/cart/items',
      { ...command(), subproductId, detailId: tieredId, packSize: '10 ml', quantity: 1 },
      headers,
    );

    const cartId = crypto.randomUUID();
    await cartOk(`/api/carts/${cartId}/items`, {
      ...command(),
      subproductId,
      detailId: tieredId,
      packSize: '10 ml',
      quantity: 2,
    });
    await cartOk(`/api/carts/${cartId}/items`, { ...command(), subproductId, detailId: plainId, quantity: 1 });
    // The price moved while the lines waited in the anonymous cart: they come in at today's price.
    await admin200('PATCH', detailUrl(plainId), { priceCents: 1_500 });

    const merge = { ...command(), cartId };
    const merged = await cartOk('/api/account/cart/merge', merge, headers);
    expect(merged.cartId).toBe(customerId);
    expect(merged.lines.map((line) => [line.detailId, line.packSize, line.quantity, line.unitPriceCents])).toEqual([
      [tieredId, '10 ml', 3, 9_000],
      [plainId, null, 1, 1_500],
    ]);
    expect(merged.subtotalCents).toBe(27_000 + 1_500);

    const anonymousCart = await cartOk(`/api/carts/${cartId}/refresh`, command());
    expect(anonymousCart.lines).toEqual([]);

    const retried = await writesNothing(() => cartOk('/api/account/cart/merge', merge, headers));
    expect(retried).toEqual(merged);
    const mergedAgain = await writesNothing(() => cartOk('/api/account/cart/merge', { ...command(), cartId }, headers));
    expect(mergedAgain.lines.map((line) => line.quantity)).toEqual([3, 1]);

    const types = (await streamEvents(cartStream(cartId))).map((event) => event.type);
    expect(types).toEqual(['CartItemAdded', 'CartItemAdded', 'CartMergedAway']);
  });

  it('completes a merge whose customer half was lost, even under a new command id', async () => {
    const { subproductId, tieredId } = await catalogue();
    const { customerId, headers } = await customerSession();
    const cartId = crypto.randomUUID();
    await cartOk(`/api/carts/${cartId}/items`, {
      ...command(),
      subproductId,
      detailId: tieredId,
      packSize: '50 ml',
      quantity: 2,
    });
    // Only the anonymous half of a merge happened (as if the process died in between).
    const [added] = await streamEvents(cartStream(cartId));
    const { commandId: _commandId, at: _at, ...line } = added!.data as Record<string, unknown>;
    await stores.eventStore.append(
      cartStream(cartId),
      [
        {
          type: 'CartMergedAway',
          data: {
            commandId: crypto.randomUUID(),
            at: new Date(clock).toISOString(),
            intoCustomerId: customerId,
            lines: [{ ...line, available: true }],
          },
          metadata: added!.metadata,
        },
      ],
      { expectedRevision: 0 },
    );
    const merged = await cartOk('/api/account/cart/merge', { ...command(), cartId }, headers);
    expect(merged.lines.map((entry) => [entry.packSize, entry.quantity])).toEqual([['50 ml', 2]]);
    await writesNothing(() => cartOk('/api/account/cart/merge', { ...command(), cartId }, headers));
  });

  it("does not merge someone else's hand-over, nor an empty cart", async () => {
    const { subproductId, tieredId } = await catalogue();
    const first = await customerSession();
    const second = await customerSession();
    const cartId = crypto.randomUUID();
    await cartOk(`/api/carts/${cartId}/items`, {
      ...command(),
      subproductId,
      detailId: tieredId,
      packSize: '50 ml',
      quantity: 2,
    });
    await cartOk('/api/account/cart/merge', { ...command(), cartId }, first.headers);
    const other = await writesNothing(() =>
      cartOk('/api/account/cart/merge', { ...command(), cartId }, second.headers),
    );
    expect(other.lines).toEqual([]);
    const empty = await writesNothing(() =>
      cartOk('/api/account/cart/merge', { ...command(), cartId: crypto.randomUUID() }, second.headers),
    );
    expect(empty).toMatchObject({ lines: [], revision: null });
  });
});

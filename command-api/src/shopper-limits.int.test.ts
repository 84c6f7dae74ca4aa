import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { buildCommandApp } from './app.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;

// Small limits so a test reaches them; inject's 127.0.0.1 is trusted as the proxy, so X-Forwarded-For names the client.
beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    trustProxy: '127.0.0.1',
    shopperLimits: {
      cart: { perShopper: { max: 3, timeWindow: '1 minute' }, perAddress: { max: 5, timeWindow: '1 minute' } },
      checkout: { perShopper: { max: 2, timeWindow: '10 minutes' }, perAddress: { max: 3, timeWindow: '10 minutes' } },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

const clearCart = (cartId: string, ip: string) =>
  app.inject({
    method: 'POST',
    url: `/api/carts/${cartId}/clear`,
    payload: { commandId: randomUUID() },
    headers: { 'x-forwarded-for': ip },
  });

async function customer() {
  const token = await tokens.sign({ role: 'customer', sub: randomUUID(), email: 'ann@example.com' }, '1h');
  return { authorization: `Bearer ${token}` };
}

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  company: 'Lee Labs',
  phone: '555-0101',
  address1: '1 Bench St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};
const placeOrder = (headers: Record<string, string>, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/orders',
    payload: { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 1_000 },
    headers: { ...headers, 'x-forwarded-for': ip },
  });

async function eventCount() {
  let count = 0;
  for await (const _event of stores.eventStore.readAll()) count++;
  return count;
}

describe('cart limits', () => {
  it('stops one cart past its limit with a 429, the wait and Retry-After, and changes nothing', async () => {
    const cartId = randomUUID();
    for (let change = 0; change < 3; change++) expect((await clearCart(cartId, '10.1.0.1')).statusCode).toBe(200);
    const before = await eventCount();
    const refused = await clearCart(cartId, '10.1.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'TooManyRequests' });
    expect(refused.json().message).toMatch(
      /^You have changed your cart very often in a short time\. Please wait \d+ seconds? and try again\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().message).toContain(`${retryAfter} second`);
    expect(await eventCount()).toBe(before);
    // Another cart from another address is not held up by it.
    expect((await clearCart(randomUUID(), '10.1.0.2')).statusCode).toBe(200);
  });

  it('stops one address that spreads its changes over many carts', async () => {
    const statuses = [];
    for (let change = 0; change < 6; change++) statuses.push((await clearCart(randomUUID(), '10.1.0.3')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await clearCart(randomUUID(), '10.1.0.4')).statusCode).toBe(200);
  });

  it("limits the customer's own cart per customer", async () => {
    const headers = await customer();
    const statuses = [];
    for (let change = 0; change < 4; change++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/cart/clear',
        payload: { commandId: randomUUID() },
        headers: { ...headers, 'x-forwarded-for': '10.1.0.5' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('checkout limits', () => {
  it('stops one customer placing orders past the limit, with the message and Retry-After', async () => {
    const headers = await customer();
    // An empty cart is refused (400 'Your cart is empty') but still counts: what is limited is the asking.
    expect((await placeOrder(headers, '10.2.0.1')).json().message).toBe('Your cart is empty');
    expect((await placeOrder(headers, '10.2.0.2')).statusCode).toBe(400);
    const refused = await placeOrder(headers, '10.2.0.3');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^You have placed many orders in a short time\. Please wait (\d+ seconds?|\d+ minutes?) and try again, or call us\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Paying for an order counts as checkout too.
    const pay = await app.inject({
      method: 'POST',
      url: `/api/account/orders/${randomUUID()}/quote`,
      payload: {},
      headers: { ...headers, 'x-forwarded-for': '10.2.0.4' },
    });
    expect(pay.statusCode).toBe(429);
  });

  it('stops one address placing orders for many customers', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt++)
      statuses.push((await placeOrder(await customer(), '10.2.0.9')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});

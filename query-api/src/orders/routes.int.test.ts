import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import type { EventMetadata } from '@labshop/platform/event-store/port';
import { orderStream, type OrderPlacedData } from '@labshop/contracts/orders/events';
import { testAddress, testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { customerStream } from '@labshop/contracts/customers/events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: ReturnType<typeof startProjectors>;

// As `npm start` runs them: the reads wait on the runner of their own process, woken by its commits.
beforeAll(async () => {
  stores = await createTestStores();
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  queries = await buildQueryApp({ ...stores, tokens, projections, projectionProgress: projectors.progress });
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

const address = testAddress;

const metadataOf = (customerId: string): EventMetadata => ({
  actor: { kind: 'customer', id: customerId, email: 'ann@example.com' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
});

/** Appends an OrderPlaced (the command API's part is tested in command-api) and returns its id and position. */
async function placeOrder(customerId: string, placedAt: string, changes: Partial<OrderPlacedData> = {}) {
  const orderId = randomUUID();
  const data = testOrderPlacedData(orderId, customerId, placedAt, {
    orderNumber: `LUM23112026${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    idempotencyKey: randomUUID(),
    ...changes,
  });
  const { position } = await stores.eventStore.append(
    orderStream(orderId),
    [{ type: 'OrderPlaced', data, metadata: metadataOf(customerId) }],
    { expectedRevision: 'no_stream' },
  );
  return { orderId, position };
}

async function requestQuote(customerId: string, orderId: string) {
  const data = { orderId, customerId, company: '', name: '', poNumber: '', requestedAt: new Date().toISOString() };
  return stores.eventStore.append(
    orderStream(orderId),
    [{ type: 'QuoteRequested', data, metadata: metadataOf(customerId) }],
    { expectedRevision: 0 },
  );
}

const customerSession = (customerId: string) =>
  sessionOf(tokens, { kind: 'customer', id: customerId, email: 'ann@example.com' });
const get = (url: string, headers: Record<string, string>) => queries.inject({ method: 'GET', url, headers });

describe('order queries', () => {
  it("shows a customer's orders newest first, a page at a time, and a just placed one at once with its position", async () => {
    const customerId = randomUUID();
    const session = await customerSession(customerId);
    const placed = [];
    for (let day = 1; day <= 5; day++) placed.push(await placeOrder(customerId, `2026-11-0${day}T10:00:00.000Z`));
    await placeOrder(randomUUID(), '2026-11-06T10:00:00.000Z');
    const newest = placed.at(-1)!;

    const first = await get('/api/account/orders?page=1&pageSize=2', {
      ...session,
      [POSITION_HEADER]: newest.position,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-labshop-stale']).toBeUndefined();
    expect(first.json()).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([
      placed[4]!.orderId,
      placed[3]!.orderId,
    ]);
    const last = await get('/api/account/orders?page=3&pageSize=2', session);
    expect(last.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([placed[0]!.orderId]);
    expect(last.json().orders[0]).toMatchObject({
      status: 'Awaiting payment',
      totalCents: 9_911,
      taxRateBasisPoints: 1012,
      payment: null,
      address,
    });
  });

  it('lists quote requests apart from orders', async () => {
    const customerId = randomUUID();
    const session = await customerSession(customerId);
    const order = await placeOrder(customerId, '2026-11-01T10:00:00.000Z');
    const quote = await placeOrder(customerId, '2026-11-02T10:00:00.000Z');
    const { position } = await requestQuote(customerId, quote.orderId);

    const quotes = await get('/api/account/orders?kind=quotes', { ...session, [POSITION_HEADER]: position });
    expect(quotes.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 10,
      orders: [{ orderId: quote.orderId, status: 'Quote requested', payment: { kind: 'quote' } }],
    });
    const orders = await get('/api/account/orders?kind=orders', session);
    expect(orders.json().orders.map((entry: { orderId: string }) => entry.orderId)).toEqual([order.orderId]);
  });

  it("shows one of the customer's orders, and answers 404 for another customer's and an unknown one", async () => {
    const customerId = randomUUID();
    const { orderId, position } = await placeOrder(customerId, '2026-11-01T10:00:00.000Z');
    const mine = await get(`/api/account/orders/${orderId}`, {
      ...(await customerSession(customerId)),
      [POSITION_HEADER]: position,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      orderId,
      status: 'Awaiting payment',
      lines: [{ catalogNumber: 'EX-100', quantity: 2 }],
    });
    expect((await get(`/api/account/orders/${orderId}`, await customerSession(randomUUID()))).statusCode).toBe(404);
    expect((await get(`/api/account/orders/${randomUUID()}`, await customerSession(customerId))).statusCode).toBe(404);
    expect((await get('/api/account/orders/not-a-uuid', await customerSession(customerId))).statusCode).toBe(400);
  });

  it('refuses bad paging with field messages', async () => {
    const session = await customerSession(randomUUID());
    const response = await get('/api/account/orders?page=0&pageSize=500&kind=all', session);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      page: 'Page starts at 1',
      pageSize: 'Page size is at most 50',
      kind: "Kind is 'orders' or 'quotes'",
    });
  });

  it("prefills checkout from the last order's address, else from the profile, else 404", async () => {
    const customerId = randomUUID();
    const session = await customerSession(customerId);
    expect((await get('/api/account/address', session)).statusCode).toBe(404);

    const registered = {
      customerId,
      email: 'ann@example.com',
      title: 'Ms',
      firstName: 'Ann',
      lastName: 'Lee',
      passwordHash: 'scrypt$x',
      newsletter: false,
      termsAcceptedAt: new Date().toISOString(),
    };
    const profile = {
      fullName: 'Ann Lee',
      company: 'Lee Labs',
      vatNumber: 'EX-1',
      phone: '555-0101',
      address1: '2 Lab Rd',
      address2: '',
      city: 'Austin',
      // A profile saved before addresses kept codes names its state: read as the code.
      state: 'Texas',
      zipCode: '73301',
    };
    const { position: profilePosition } = await stores.eventStore.append(
      customerStream(customerId),
      [
        { type: 'CustomerRegistered', data: registered, metadata: metadataOf(customerId) },
        { type: 'CustomerProfileChanged', data: { customerId, changes: profile }, metadata: metadataOf(customerId) },
      ],
      { expectedRevision: 'no_stream' },
    );
    const fromProfile = await get('/api/account/address', { ...session, [POSITION_HEADER]: profilePosition });
    expect(fromProfile.json()).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      company: 'Lee Labs',
      phone: '555-0101',
      address1: '2 Lab Rd',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      useForInvoice: true,
      taxExemptNumber: 'EX-1',
      source: 'profile',
    });

    await placeOrder(customerId, '2026-11-01T10:00:00.000Z');
    const { position } = await placeOrder(customerId, '2026-11-02T10:00:00.000Z', {
      address: { ...address, city: 'Baton Rouge' },
      taxExemptNumber: 'EX-9',
    });
    const fromOrder = await get('/api/account/address', { ...session, [POSITION_HEADER]: position });
    expect(fromOrder.json()).toEqual({
      ...address,
      city: 'Baton Rouge',
      billingAddress: null,
      taxExemptNumber: 'EX-9',
      source: 'last-order',
    });

    // An order invoiced elsewhere: its billing address is offered with it next time.
    const billingAddress = {
      firstName: 'Bea',
      lastName: 'Payable',
      email: 'ap@example.com',
      company: 'Lee Labs',
      phone: '555-0199',
      address1: '77 Ledger Ave',
      address2: '',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
    };
    const billed = await placeOrder(customerId, '2026-11-03T10:00:00.000Z', {
      address: { ...address, useForInvoice: false },
      billingAddress,
    });
    const withBilling = await get('/api/account/address', { ...session, [POSITION_HEADER]: billed.position });
    expect(withBilling.json()).toEqual({
      ...address,
      useForInvoice: false,
      billingAddress,
      taxExemptNumber: '',
      source: 'last-order',
    });
  });

  it('answers 401 without a session and 403 to an admin', async () => {
    const admin = await sessionOf(tokens);
    for (const url of ['/api/account/orders', `/api/account/orders/${randomUUID()}`, '/api/account/address']) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, admin)).statusCode).toBe(403);
    }
  });
});

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { openStores } from '@labshop/platform/stores';
import { createLogger } from '@labshop/platform/logger';
import { searchDatabase } from '@labshop/platform/testing/find-text';
import type { EventMetadata, RecordedEvent } from '@labshop/platform/event-store/port';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { BILLING_ADDRESS_REQUIRED, passesLuhn, TAX_EXEMPT_AT_CHECKOUT } from '@labshop/contracts/orders/commands';
import { SHIPPING_METHOD_REQUIRED } from '@labshop/contracts/orders/shipping';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { cartDecider } from '../carts/decider.ts';
import { currentOffer, type OfferRef } from '../catalogue/prices.ts';
import { ADMIN_CANNOT_CHECK_OUT, IDEMPOTENCY_KEY_REUSED } from './routes.ts';
import { orderMessages } from '@labshop/contracts/orders/decider';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const logLines: string[] = [];
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let sql: pg.Client;
/** What the routes handed to the workers at once (reactNow), as the one-process shop wires it. */
const handedOver: RecordedEvent[] = [];

beforeAll(async () => {
  stores = await createTestStores();
  // Everything the API logs, at the most detailed level, is kept to be searched for card data.
  const logger = createLogger('trace', 'orders-test', { write: (line: string) => void logLines.push(line) });
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    logger,
    reactNow: (events) => void handedOver.push(...events),
  });
  admin = await adminAuthorization(stores.eventStore, tokens);
  sql = new pg.Client({ connectionString: stores.databaseUrl });
  await sql.connect();
});
afterAll(async () => {
  await app?.close();
  await sql?.end();
  await stores?.drop();
});

// ---- catalogue and cart -------------------------------------------------------------------------

async function adminSend(method: 'POST' | 'PATCH', url: string, payload: object) {
  const response = await app.inject({ method, url, payload, headers: admin });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Record<string, string>;
}

/** A product › subproduct with a detail of two pack sizes (10% off) and a detail without tiers. */
async function addCatalogue() {
  const productId = (
    await adminSend('POST', '/api/admin/catalogue/products', { name: `Exosomes ${crypto.randomUUID()}` })
  ).productId!;
  const subproductsUrl = `/api/admin/catalogue/products/${productId}/subproducts`;
  const subproductId = (await adminSend('POST', subproductsUrl, { name: 'Isolation kits' })).subproductId!;
  const detailsUrl = `${subproductsUrl}/${subproductId}/details`;
  const tiers = [
    { priceCents: 10_000, packSize: '100 ml', catalogNumber: 'EX-100' },
    { priceCents: 25_000, packSize: '500 ml', catalogNumber: 'EX-500' },
  ];
  const kitId = (
    await adminSend('POST', detailsUrl, {
      productType: 'Kit A',
      quantity: 50,
      priceCents: 10_000,
      addPercentage: 10,
      priceTiers: tiers,
      innerPackageId: 'PK-1',
    })
  ).detailId!;
  const bufferId = (
    await adminSend('POST', detailsUrl, {
      productType: 'Buffer',
      quantity: 50,
      priceCents: 1_999,
      catalogNumber: 'BUF-1',
    })
  ).detailId!;
  return {
    small: { subproductId, detailId: kitId, packSize: '100 ml' } satisfies OfferRef,
    large: { subproductId, detailId: kitId, packSize: '500 ml' } satisfies OfferRef,
    buffer: { subproductId, detailId: bufferId, packSize: null } satisfies OfferRef,
    detailUrl: (detailId: string) => `${detailsUrl}/${detailId}`,
    tiers,
  };
}

const metadataFor = (customerId: string, at: Date): EventMetadata => ({
  actor: { kind: 'customer', id: customerId, email: 'ann@example.com' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: at.toISOString(),
});

/** Puts lines in the customer's cart as the cart API does (priced from the catalogue at `at`). */
async function addToCart(customerId: string, items: [OfferRef, number][], at = new Date()) {
  const priced = await Promise.all(
    items.map(async ([ref, quantity]) => ({ offer: await currentOffer(stores.eventStore, ref), quantity })),
  );
  await handleCommand(
    stores.eventStore,
    customerCartStream(customerId),
    cartDecider,
    { type: 'AddItems', commandId: randomUUID(), now: at, items: priced },
    metadataFor(customerId, at),
  );
}

// ---- customers and requests ---------------------------------------------------------------------

async function newCustomer() {
  const customerId = randomUUID();
  const token = await tokens.sign({ role: 'customer', sub: customerId, email: 'ann@example.com' }, '1h');
  return { customerId, headers: { authorization: `Bearer ${token}` } };
}

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  company: 'Lee Labs',
  phone: '555-0101',
  address1: '1 Bench St',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
};

/** Accounts payable, elsewhere than the lab the order ships to. */
const billing = {
  firstName: 'Bea',
  lastName: 'Payable',
  email: 'ap@leelabs.example',
  company: 'Lee Labs Finance',
  phone: '555-0199',
  address1: '77 Ledger Ave',
  city: 'Houston',
  state: 'TX',
  zipCode: '77002',
};

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const placeOrder = (
  headers: Record<string, string>,
  expectedSubtotalCents: number,
  changes: Record<string, unknown> = {},
) =>
  post(
    '/api/account/orders',
    { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents, ...changes },
    headers,
  );

async function placed(headers: Record<string, string>, expectedSubtotalCents: number) {
  const response = await placeOrder(headers, expectedSubtotalCents);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { orderId: string; orderNumber: string; totalCents: number; position: string };
}

async function streamEvents(stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

async function eventCount(): Promise<number> {
  const { rows } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
  return Number(rows[0]!.count);
}

async function writesNothing(action: () => Promise<void>) {
  const before = await eventCount();
  await action();
  expect(await eventCount()).toBe(before);
}

/** A card number of `length` digits after `prefix` that passes the Luhn check and looks like nothing else in the store. */
function testCardNumber(prefix = '4', length = 16): string {
  const body = `${prefix}${String(Math.floor(Math.random() * 1e14)).padStart(14, '7')}`.slice(0, length - 1);
  const check = [...'0123456789'].find((digit) => passesLuhn(body + digit))!;
  return body + check;
}

const nextYear = String(new Date().getUTCFullYear() + 1);

describe('placing an order', () => {
  it("places the cart at today's prices with Louisiana's 10.12% and answers the same order to a retry", async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [
      [catalogue.small, 2],
      [catalogue.large, 1],
      [catalogue.buffer, 3],
    ]);
    // 2 × 90.00 + 1 × 225.00 + 3 × 19.99 = 464.97, Ground 14.95; tax 10.12% of 479.92 = 48.567904 → 48.57.
    const idempotencyKey = randomUUID();
    const first = await placeOrder(headers, 46_497, { idempotencyKey });
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json();
    expect(order).toMatchObject({
      status: 'Awaiting payment',
      subtotalCents: 46_497,
      taxState: 'LA',
      taxRateBasisPoints: 1012,
      shipping: { method: 'ground', baseCents: 1_495, dryIceSurchargeCents: 0, costCents: 1_495 },
      taxCents: 4_857,
      totalCents: 52_849,
      payment: null,
      taxExemptNumber: null,
    });
    expect(order.orderNumber).toMatch(/^LUM\d{8}\d{7}$/);
    expect(order.lines).toEqual([
      expect.objectContaining({
        detailId: catalogue.small.detailId,
        packSize: '100 ml',
        catalogNumber: 'EX-100',
        innerPackageId: 'PK-1',
        productName: 'Isolation kits',
        productType: 'Kit A',
        quantity: 2,
        listPriceCents: 10_000,
        discountPercent: 10,
        unitPriceCents: 9_000,
        lineTotalCents: 18_000,
      }),
      expect.objectContaining({ packSize: '500 ml', catalogNumber: 'EX-500', quantity: 1, unitPriceCents: 22_500 }),
      expect.objectContaining({
        detailId: catalogue.buffer.detailId,
        packSize: null,
        catalogNumber: 'BUF-1',
        quantity: 3,
        unitPriceCents: 1_999,
      }),
    ]);

    const events = await streamEvents(orderStream(order.orderId));
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced']);
    expect(events[0]!.metadata.actor).toEqual({ kind: 'customer', id: customerId, email: 'ann@example.com' });
    expect(events[0]!.data).toMatchObject({
      customerId,
      idempotencyKey,
      address: { ...address, address2: '', useForInvoice: true },
      shipping: { method: 'ground', costCents: 1_495 },
      totalCents: 52_849,
    });

    // The same key and body again (a retry): the same order, nothing new.
    await writesNothing(async () => {
      const retry = await placeOrder(headers, 46_497, { idempotencyKey });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual({ ...order, position: order.position });
    });
    // The same key with another body is not a retry: 422, and still nothing new.
    await writesNothing(async () => {
      for (const changes of [
        { expectedSubtotalCents: 1 },
        { address: { ...address, city: 'Baton Rouge' } },
        { shippingMethod: 'overnight' },
      ]) {
        const reused = await placeOrder(headers, 46_497, { idempotencyKey, ...changes });
        expect(reused.statusCode).toBe(422);
        expect(reused.json()).toEqual({ error: 'UnprocessableEntity', message: IDEMPOTENCY_KEY_REUSED });
      }
    });
  });

  it('makes one order of 20 simultaneous requests with one idempotency key', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const idempotencyKey = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(headers, 9_000, { idempotencyKey })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    const orders = responses.map((response) => response.json() as { orderId: string; orderNumber: string });
    expect(new Set(orders.map((order) => order.orderId)).size).toBe(1);
    expect(new Set(orders.map((order) => order.orderNumber)).size).toBe(1);
    expect((await streamEvents(orderStream(orders[0]!.orderId))).map((event) => event.type)).toEqual(['OrderPlaced']);
  });

  it('one idempotency key sent at once with 10 different bodies: one order, the other nine refused as not a retry', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const idempotencyKey = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        placeOrder(headers, 9_000, { idempotencyKey, address: { ...address, address1: `${index + 1} Bench St` } }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(422)]);
    const order = responses.find((response) => response.statusCode === 201)!.json() as { orderId: string };
    expect((await streamEvents(orderStream(order.orderId))).map((event) => event.type)).toEqual(['OrderPlaced']);
  });

  it('shows a price changed since the cart was filled (409 with the new cart) and charges it only once accepted', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 2]]);
    await adminSend('PATCH', catalogue.detailUrl(catalogue.small.detailId), {
      priceTiers: [{ ...catalogue.tiers[0], priceCents: 12_000 }, catalogue.tiers[1]],
    });

    await writesNothing(async () => {
      const refused = await placeOrder(headers, 18_000);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'Conflict', message: orderMessages.pricesChanged });
      expect(refused.json().details.cart).toMatchObject({
        subtotalCents: 21_600,
        lines: [
          {
            detailId: catalogue.small.detailId,
            unitPriceCents: 10_800,
            previousUnitPriceCents: 9_000,
            lineTotalCents: 21_600,
            available: true,
          },
        ],
      });
    });

    const accepted = await placeOrder(headers, 21_600);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toMatchObject({
      subtotalCents: 21_600,
      lines: [{ unitPriceCents: 10_800, listPriceCents: 12_000, lineTotalCents: 21_600 }],
    });
  });

  it('refuses an expired cart as empty, and a cart that was never filled', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]], new Date(Date.now() - 5 * 24 * 3_600_000 - 60_000));
    await writesNothing(async () => {
      const expired = await placeOrder(headers, 9_000);
      expect([expired.statusCode, expired.json().message]).toEqual([400, orderMessages.emptyCart]);
      const never = await placeOrder((await newCustomer()).headers, 0);
      expect([never.statusCode, never.json().message]).toEqual([400, orderMessages.emptyCart]);
    });
  });

  it('refuses a Tax Exempt Number typed at checkout (exemption is a verified certificate on the account: tax-exemptions/routes.int.test.ts)', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.buffer, 1]]);
    await writesNothing(async () => {
      const response = await placeOrder(headers, 1_999, { address: { ...address, taxExemptNumber: 'EX-42' } });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ 'address.taxExemptNumber': TAX_EXEMPT_AT_CHECKOUT });
    });
  });
});

describe('shipping', () => {
  it('records the method and its cost with the dry-ice surcharge once, taxed with the goods; an unknown or missing method is 400 with the field', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [
      [catalogue.small, 1],
      [catalogue.large, 1],
      [catalogue.buffer, 1],
    ]);
    await writesNothing(async () => {
      for (const shippingMethod of ['teleport', undefined]) {
        const refused = await placeOrder(headers, 33_499, { shippingMethod });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().fields).toEqual({ shippingMethod: SHIPPING_METHOD_REQUIRED });
      }
    });
    // The kit (both its pack sizes in the cart) ships on dry ice from now on: one surcharge for the order.
    await adminSend('PATCH', catalogue.detailUrl(catalogue.small.detailId), { shipsOnDryIce: true });
    // 90.00 + 225.00 + 19.99 = 334.99; Overnight 54.95 + dry ice 35.00 = 89.95; tax 10.12% of 424.94 = 43.003928 → 43.00.
    const response = await placeOrder(headers, 33_499, { shippingMethod: 'overnight' });
    expect(response.statusCode, response.body).toBe(201);
    const shipping = { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 };
    expect(response.json()).toMatchObject({ subtotalCents: 33_499, shipping, taxCents: 4_300, totalCents: 46_794 });
    const [placedEvent] = await streamEvents(orderStream(response.json().orderId));
    expect(placedEvent!.data).toMatchObject({ shipping, subtotalCents: 33_499, taxCents: 4_300, totalCents: 46_794 });

    // Back to the shipping step for Ground: the same order, revised; the surcharge stays (the kit is still in it).
    const revised = await placeOrder(headers, 33_499, { shippingMethod: 'ground' });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({
      orderId: response.json().orderId,
      shipping: { method: 'ground', dryIceSurchargeCents: 3_500, costCents: 4_995 },
    });
  });
});

describe('the shipping step', () => {
  it('ships the placed order by the method chosen, with its dry-ice surcharge, without placing it again', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [
      [catalogue.small, 1],
      [catalogue.buffer, 1],
    ]);
    await adminSend('PATCH', catalogue.detailUrl(catalogue.small.detailId), { shipsOnDryIce: true });
    // The address step places at Ground: 90.00 + 19.99 = 109.99; Ground 14.95 + dry ice 35.00.
    const idempotencyKey = randomUUID();
    const first = await placeOrder(headers, 10_999, { idempotencyKey });
    expect(first.statusCode, first.body).toBe(201);
    const { orderId } = first.json();
    const choose = (shippingMethod: unknown, who = headers) =>
      post(`/api/account/orders/${orderId}/shipping-method`, { shippingMethod }, who);

    // Overnight 54.95 + dry ice 35.00 = 89.95; tax 10.12% of 199.94 = 20.233928 → 20.23; total 222.17.
    const chosen = await choose('overnight');
    expect(chosen.statusCode, chosen.body).toBe(200);
    const shipping = { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 };
    expect(chosen.json()).toMatchObject({
      orderId,
      subtotalCents: 10_999,
      shipping,
      taxCents: 2_023,
      totalCents: 22_017,
    });
    expect((await streamEvents(orderStream(orderId))).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'CheckoutRevised',
    ]);
    await writesNothing(async () => {
      expect((await choose('overnight')).json()).toMatchObject({ shipping, totalCents: 22_017 });
      // The address step's request again (a lost answer): still a retry of that key, answered with the order.
      const retried = await placeOrder(headers, 10_999, { idempotencyKey });
      expect([retried.statusCode, retried.json().shipping]).toEqual([200, shipping]);
      expect((await choose('teleport')).json().fields).toEqual({ shippingMethod: SHIPPING_METHOD_REQUIRED });
      expect((await choose('ground', (await newCustomer()).headers)).statusCode).toBe(404);
    });
    const payment = {
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-3',
      cardType: 'visa',
      cardNumber: testCardNumber(),
      month: '12',
      year: nextYear,
      cvv: '123',
    };
    expect((await post(`/api/account/orders/${orderId}/purchase-order`, payment, headers)).statusCode).toBe(200);
    expect((await choose('ground')).statusCode).toBe(409);
  });
});

describe('one order per checkout', () => {
  it('back to the address step and Continue again (a new key) answers the same order and writes nothing', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const first = await placed(headers, 9_000);
    await writesNothing(async () => {
      const again = await placeOrder(headers, 9_000);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ orderId: first.orderId, orderNumber: first.orderNumber });
    });
  });

  it('back to the cart, a quantity changed and another address: the same order, revised', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const first = await placed(headers, 9_000);
    await addToCart(customerId, [[catalogue.small, 1]]);
    const revised = await placeOrder(headers, 18_000, {
      address: { ...address, state: 'DE', city: 'Dover', zipCode: '19901' },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({
      orderId: first.orderId,
      orderNumber: first.orderNumber,
      subtotalCents: 18_000,
      taxState: 'DE',
      taxCents: 0,
      totalCents: 18_000 + 1_495,
      lines: [expect.objectContaining({ quantity: 2 })],
    });
    expect((await streamEvents(orderStream(first.orderId))).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'CheckoutRevised',
    ]);
  });

  it('keeps a billing address of its own when the shipping address is not used for the invoice; none is 400 with the field', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const notForInvoice = { ...address, useForInvoice: false };
    await writesNothing(async () => {
      const missing = await placeOrder(headers, 9_000, { address: notForInvoice });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({ billingAddress: BILLING_ADDRESS_REQUIRED });
      const invalid = await placeOrder(headers, 9_000, {
        address: notForInvoice,
        billingAddress: { ...billing, zipCode: '123', state: 'XX' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().fields).toMatchObject({
        'billingAddress.zipCode': 'Zip code must be 5 digits (or ZIP+4)',
        'billingAddress.state': 'Please choose a state from the list',
      });
    });
    const first = await placeOrder(headers, 9_000, { address: notForInvoice, billingAddress: billing });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      address: { useForInvoice: false, city: 'New Orleans' },
      billingAddress: { ...billing, address2: '' },
      taxState: 'LA',
    });
    const [placedEvent] = await streamEvents(orderStream(first.json().orderId));
    expect(placedEvent!.data).toMatchObject({ billingAddress: { ...billing, address2: '' } });
    // Personal data: sealed in the stored event like the shipping address.
    const { rows } = await sql.query<{ data: string }>(
      "SELECT data::text AS data FROM events WHERE type = 'OrderPlaced' AND data::text LIKE $1",
      [`%${first.json().orderId}%`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).not.toContain(billing.address1);
    expect(rows[0]!.data).not.toContain(billing.lastName);

    // Back to the address step, the shipping address used for the invoice again: the same order, its billing address gone.
    const revised = await placeOrder(headers, 9_000, { address, billingAddress: billing });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(revised.json()).toMatchObject({
      orderId: first.json().orderId,
      address: { useForInvoice: true },
      billingAddress: null,
    });
    expect((await streamEvents(orderStream(first.json().orderId))).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'CheckoutRevised',
    ]);
  });

  it('a second tab placing at the same moment (each with its own key) makes one order', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const responses = await Promise.all(Array.from({ length: 6 }, () => placeOrder(headers, 9_000)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const orderIds = new Set(responses.map((response) => (response.json() as { orderId: string }).orderId));
    expect(orderIds.size).toBe(1);
    expect((await streamEvents(orderStream([...orderIds][0]!))).map((event) => event.type)).toEqual(['OrderPlaced']);
  });

  it('a retry after a dropped answer (same key) and a double click (same key at once) leave one order', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const idempotencyKey = randomUUID();
    const clicks = await Promise.all([
      placeOrder(headers, 9_000, { idempotencyKey }),
      placeOrder(headers, 9_000, { idempotencyKey }),
    ]);
    expect(clicks.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const { orderId } = clicks[0]!.json() as { orderId: string };
    await writesNothing(async () => {
      const retry = await placeOrder(headers, 9_000, { idempotencyKey });
      expect([retry.statusCode, retry.json().orderId]).toEqual([200, orderId]);
    });
    expect((await streamEvents(orderStream(orderId))).map((event) => event.type)).toEqual(['OrderPlaced']);
  });

  it('the customer cancels an unpaid checkout; the next placement is a new order, and a paid order cannot be cancelled here', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const first = await placed(headers, 9_000);
    const someoneElse = await newCustomer();
    expect((await post(`/api/account/orders/${first.orderId}/cancel`, {}, someoneElse.headers)).statusCode).toBe(404);
    const cancelled = await post(`/api/account/orders/${first.orderId}/cancel`, {}, headers);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'Cancelled',
      cancellation: { reason: 'Cancelled by the customer before payment' },
    });
    expect((await streamEvents(orderStream(first.orderId))).at(-1)?.metadata.actor).toMatchObject({
      kind: 'customer',
      id: customerId,
    });

    const second = await placed(headers, 9_000);
    expect(second.orderId).not.toBe(first.orderId);
    const payment = {
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-8',
      cardType: 'visa',
      cardNumber: testCardNumber(),
      month: '12',
      year: nextYear,
      cvv: '123',
    };
    expect((await post(`/api/account/orders/${second.orderId}/purchase-order`, payment, headers)).statusCode).toBe(200);
    await writesNothing(async () => {
      const refused = await post(`/api/account/orders/${second.orderId}/cancel`, {}, headers);
      expect([refused.statusCode, refused.json().message]).toEqual([409, orderMessages.notCancellable]);
    });

    // Paid, the cart was checked out: the next checkout is another order.
    await addToCart(customerId, [[catalogue.small, 1]]);
    const third = await placed(headers, 9_000);
    expect(new Set([first.orderId, second.orderId, third.orderId]).size).toBe(3);
  });
});

describe('another instance', () => {
  it('a cart checked out and refilled through another instance just before placing: a new order of the new lines', async () => {
    const other = await openStores({ DATABASE_URL: stores.databaseUrl });
    const otherApp = await buildCommandApp({ eventStore: other.eventStore, tokens });
    try {
      const catalogue = await addCatalogue();
      const { customerId, headers } = await newCustomer();
      await addToCart(customerId, [[catalogue.small, 1]]);
      // This instance now holds the cart (checkout 0) in its cache.
      const first = await placed(headers, 9_000);
      // The other instance takes the purchase order (the cart's CartCheckedOut), then the cart is filled again.
      const payment = {
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: 'PO-9',
        cardType: 'visa',
        cardNumber: testCardNumber(),
        month: '12',
        year: nextYear,
        cvv: '123',
      };
      const submitted = await otherApp.inject({
        method: 'POST',
        url: `/api/account/orders/${first.orderId}/purchase-order`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(payment),
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      await addToCart(customerId, [[catalogue.buffer, 2]]);

      // Placed here, on the cached cart of checkout 0: the cart's read finds the next checkout and its lines.
      const second = await placed(headers, 3_998);
      expect(second.orderId).not.toBe(first.orderId);
      expect(second.orderNumber).not.toBe(first.orderNumber);
      expect(second).toMatchObject({
        subtotalCents: 3_998,
        lines: [expect.objectContaining({ detailId: catalogue.buffer.detailId, quantity: 2 })],
      });
      expect((await streamEvents(orderStream(first.orderId))).map((event) => event.type)).toEqual([
        'OrderPlaced',
        'PurchaseOrderSubmitted',
      ]);
    } finally {
      await otherApp.close();
      await other.close();
    }
  });
});

describe('refusals write nothing', () => {
  it("answers the spec's address messages as fields", async () => {
    const { headers } = await newCustomer();
    const empty = { firstName: '', lastName: '', email: '', phone: '', address1: '', city: '', state: '', zipCode: '' };
    await writesNothing(async () => {
      const response = await placeOrder(headers, 0, { address: empty });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        'address.firstName': 'First name is required',
        'address.lastName': 'Last name is required',
        'address.email': 'Please enter a valid email address',
        'address.phone': 'Phone number is required',
        'address.address1': 'Address is required',
        'address.city': 'City is required',
        'address.state': 'State is required',
        'address.zipCode': 'Zip code is required',
      });
    });
  });

  it("answers the spec's payment messages as fields", async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.buffer, 1]]);
    const { orderId } = await placed(headers, 1_999);
    await writesNothing(async () => {
      const missing = await post(`/api/account/orders/${orderId}/purchase-order`, {}, headers);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual({
        name: 'Name is required',
        cardType: 'Please select a card type',
        cardNumber: 'Card number is required',
        month: 'Please select expiry month',
        year: 'Please select expiry year',
        cvv: 'CVV is required',
      });
      const wrong = await post(
        `/api/account/orders/${orderId}/purchase-order`,
        { name: 'Ann', cardType: 'visa', cardNumber: '4111111111111112', month: '01', year: nextYear, cvv: '12' },
        headers,
      );
      expect(wrong.json().fields).toEqual({
        cardNumber: 'This Visa card number is not valid: please check the digits',
        cvv: 'Invalid CVV (3 or 4 digits)',
      });
    });
  });

  it('refuses NUL, unpaired surrogates and a 2 MB body', async () => {
    const { headers } = await newCustomer();
    await writesNothing(async () => {
      const nul = await placeOrder(headers, 0, { address: { ...address, city: 'New\u0000Orleans' } });
      expect([nul.statusCode, nul.json().fields]).toEqual([
        400,
        { 'address.city': 'City contains characters that are not allowed' },
      ]);
      // A lone surrogate as JSON text: JSON.stringify would escape it the same way.
      const surrogate = await post(
        '/api/account/orders',
        `{"idempotencyKey":"${randomUUID()}","shippingMethod":"ground","expectedSubtotalCents":0,"address":${JSON.stringify(address).replace('"Lee Labs"', '"Lee \\ud800Labs"')}}`,
        headers,
      );
      expect([surrogate.statusCode, surrogate.json().fields]).toEqual([
        400,
        { 'address.company': 'Company contains characters that are not allowed' },
      ]);
      const huge = await placeOrder(headers, 0, { address: { ...address, company: 'x'.repeat(2 * 1024 * 1024) } });
      expect(huge.statusCode).toBe(413);
    });
  });

  it('answers 401 without a session and 403 to an admin session, on every checkout route', async () => {
    const orderId = randomUUID();
    const urls = [
      '/api/account/orders',
      `/api/account/orders/${orderId}/purchase-order`,
      `/api/account/orders/${orderId}/quote`,
      `/api/account/orders/${orderId}/repeat`,
    ];
    await writesNothing(async () => {
      for (const url of urls) {
        expect((await post(url, {}, {})).statusCode).toBe(401);
        const refused = await post(url, {}, admin);
        expect([refused.statusCode, refused.json().message]).toEqual([403, ADMIN_CANNOT_CHECK_OUT]);
      }
    });
  });
});

describe('paying and quoting', () => {
  it("reads the order's stream once for the purchase order: the stock is reserved and the payment decided on that read", async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 2]]);
    const { orderId } = await placed(headers, 18_000);
    const reads: string[] = [];
    const readStream = stores.eventStore.readStream;
    stores.eventStore.readStream = (stream, options) => {
      reads.push(stream);
      return readStream.call(stores.eventStore, stream, options);
    };
    try {
      const paid = await post(
        `/api/account/orders/${orderId}/purchase-order`,
        {
          company: 'Lee Labs',
          name: 'Ann Lee',
          poNumber: 'PO-1',
          cardType: 'visa',
          cardNumber: testCardNumber(),
          month: '12',
          year: nextYear,
          cvv: '123',
        },
        headers,
      );
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      stores.eventStore.readStream = readStream;
    }
    expect(reads.filter((stream) => stream === orderStream(orderId))).toEqual([orderStream(orderId)]);
    expect((await streamEvents(orderStream(orderId))).at(-1)?.data).toMatchObject({
      allocations: [{ detailId: catalogue.small.detailId, reserved: 2, backordered: 0 }],
    });
  });

  it('takes the purchase order with only the card type and last four, checks the cart out, answers the same submit again as done and refuses a different one', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const { orderId } = await placed(headers, 9_000);
    // An American Express number (15 digits) with its 4-digit CID, typed with spaces as on the card.
    const cardNumber = testCardNumber('37', 15);
    const cvv = '8642';
    const payment = {
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-7',
      cardType: 'amex',
      cardNumber: `${cardNumber.slice(0, 4)} ${cardNumber.slice(4, 10)} ${cardNumber.slice(10)}`,
      month: '12',
      year: nextYear,
      cvv,
    };

    const paid = await post(`/api/account/orders/${orderId}/purchase-order`, payment, headers);
    expect(paid.statusCode, paid.body).toBe(200);
    // Handed to the workers as the store recorded it: the reactor derives the same job ids from it.
    const recorded = (await streamEvents(orderStream(orderId))).at(-1)!;
    expect(handedOver.filter((event) => event.stream === orderStream(orderId))).toEqual([recorded]);
    expect(paid.json()).toMatchObject({
      orderId,
      status: 'PO received',
      payment: {
        kind: 'purchase-order',
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: 'PO-7',
        cardType: 'amex',
        cardLast4: cardNumber.slice(-4),
      },
    });
    expect((await streamEvents(orderStream(orderId))).at(-1)?.data).toEqual({
      orderId,
      customerId,
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-7',
      cardType: 'amex',
      cardLast4: cardNumber.slice(-4),
      submittedAt: expect.any(String),
      allocations: [{ detailId: catalogue.small.detailId, packSize: '100 ml', reserved: 1, backordered: 0 }],
    });
    const cart = await streamEvents(customerCartStream(customerId));
    expect(cart.at(-1)).toMatchObject({ type: 'CartCheckedOut', data: { orderId } });
    expect(paid.json().position >= cart.at(-1)!.position).toBe(true);

    await writesNothing(async () => {
      // The browser asking again after a 503 whose first attempt had been recorded: the order as it stands.
      const again = await post(`/api/account/orders/${orderId}/purchase-order`, payment, headers);
      expect([again.statusCode, again.json().status, again.json().payment]).toEqual([
        200,
        'PO received',
        paid.json().payment,
      ]);
      const different = await post(
        `/api/account/orders/${orderId}/purchase-order`,
        { ...payment, poNumber: 'PO-8' },
        headers,
      );
      expect([different.statusCode, different.json().message]).toEqual([409, orderMessages.alreadySubmitted]);
      const quote = await post(`/api/account/orders/${orderId}/quote`, {}, headers);
      expect(quote.statusCode).toBe(409);
      const stranger = await post(
        `/api/account/orders/${orderId}/purchase-order`,
        payment,
        (await newCustomer()).headers,
      );
      expect([stranger.statusCode, stranger.json().message]).toEqual([404, orderMessages.notFound]);
      // A refused card is not logged either (searched below with the rest).
      await post(`/api/account/orders/${orderId}/purchase-order`, { ...payment, cvv: '86420' }, headers);
    });

    // Neither the card number nor the CVV is anywhere in the database (every table, every row as text) or the logs.
    const search = await searchDatabase(stores.databaseUrl, [cardNumber, `"${cvv}"`]);
    expect(search.tables).toBeGreaterThanOrEqual(3);
    expect(search.rows).toBeGreaterThan(10);
    expect(search.found).toEqual([]);
    // The CVV as a value of its own: not inside a hex id, a longer number or a decimal (a response time of 3.8642 ms).
    const cvvPattern = new RegExp(`(?<![0-9a-f.])${cvv}(?![0-9a-f.])`, 'i');
    const logs = logLines.join('\n');
    expect(logs).toContain(`/api/account/orders/${orderId}/purchase-order`);
    expect(logs).not.toContain(cardNumber);
    expect(logs).not.toMatch(cvvPattern);
  });

  it('turns an order into a quote request with no card data, and checks the cart out', async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [[catalogue.small, 1]]);
    const { orderId } = await placed(headers, 9_000);
    const quoted = await post(`/api/account/orders/${orderId}/quote`, { company: 'Lee Labs' }, headers);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      status: 'Quote requested',
      payment: { kind: 'quote', company: 'Lee Labs', name: '', poNumber: '' },
    });
    expect((await streamEvents(orderStream(orderId))).at(-1)?.data).toEqual({
      orderId,
      customerId,
      company: 'Lee Labs',
      name: '',
      poNumber: '',
      requestedAt: expect.any(String),
    });
    expect((await streamEvents(customerCartStream(customerId))).at(-1)?.type).toBe('CartCheckedOut');
    const withCard = await post(`/api/account/orders/${orderId}/quote`, { cardNumber: testCardNumber() }, headers);
    expect(withCard.statusCode).toBe(400);
  });
});

describe('repeating an order', () => {
  it("puts the lines still sold back in the cart at today's price and names the ones that are gone", async () => {
    const catalogue = await addCatalogue();
    const { customerId, headers } = await newCustomer();
    await addToCart(customerId, [
      [catalogue.small, 2],
      [catalogue.buffer, 1],
    ]);
    const { orderId } = await placed(headers, 19_999);
    await post(`/api/account/orders/${orderId}/quote`, {}, headers);
    await adminSend('PATCH', catalogue.detailUrl(catalogue.buffer.detailId), { visible: false });
    await adminSend('PATCH', catalogue.detailUrl(catalogue.small.detailId), {
      priceTiers: [{ ...catalogue.tiers[0], priceCents: 11_000 }, catalogue.tiers[1]],
    });

    const commandId = randomUUID();
    const repeated = await post(`/api/account/orders/${orderId}/repeat`, { commandId }, headers);
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().unavailable).toEqual([{ productName: 'Isolation kits', catalogNumber: 'BUF-1' }]);
    expect(repeated.json().cart).toMatchObject({
      itemCount: 2,
      subtotalCents: 19_800,
      lines: [{ detailId: catalogue.small.detailId, packSize: '100 ml', quantity: 2, unitPriceCents: 9_900 }],
    });

    // The same command again changes nothing.
    await writesNothing(async () => {
      const retry = await post(`/api/account/orders/${orderId}/repeat`, { commandId }, headers);
      expect(retry.json().cart.itemCount).toBe(2);
    });
    const stranger = await post(
      `/api/account/orders/${orderId}/repeat`,
      { commandId: randomUUID() },
      (await newCustomer()).headers,
    );
    expect(stranger.statusCode).toBe(404);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createLogger } from '@labshop/platform/logger';
import { createTestStores } from '@labshop/platform/testing/stores';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { stockStream } from '@labshop/contracts/stock/events';
import { testAddress as address } from '@labshop/contracts/testing/orders';
import { checkoutProcessStream, type CheckoutStep } from '@labshop/contracts/orders/checkout-process';
import { buildCommandApp } from '@labshop/command-api/app';
import { submitCheckout } from '@labshop/command-api/orders/checkout';
import { adminAuthorization } from '@labshop/command-api/testing/admin-session';
import { reactors } from '@labshop/workers/reactors';
import { startWorkers, type RunningWorkers } from '@labshop/workers/start';
import { readMailDir } from '@labshop/workers/testing/read-eml';

/**
 * The checkout process stopped between any two of its steps (a crash: the step throws before it runs, or after it
 * ran and before it was recorded), then resumed by the next request for the order or by the command API's start-up,
 * with the workers running for real (BullMQ on Redis, the invoice PDF, the confirmation written as .eml): one
 * submission, one reservation per detail, one cart checkout, one invoice and one confirmation, whatever the cut.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let workers: RunningWorkers;
let admin: { authorization: string };
let dataDir = '';
let prefix = '';

const reactNow = (events: readonly RecordedEvent[]) => workers.reactNow(events);
const commandApp = () => buildCommandApp({ eventStore: stores.eventStore, tokens, logger: false, reactNow });

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-checkout-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  workers = startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: REDIS_URL,
    dataDir,
    logger: createLogger('silent'),
    reactors,
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 500 }, enqueueTimeoutMs: 1_000 },
    orderEmails: { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' },
  });
  app = await commandApp();
  admin = await adminAuthorization(stores.eventStore, tokens);
});

afterAll(async () => {
  await app?.close();
  await workers?.stop();
  const redis = new Redis(REDIS_URL);
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis.quit();
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function send(url: string, payload: object, headers: Record<string, string>) {
  const response = await app.inject({ method: 'POST', url, payload, headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as Record<string, unknown>;
}

/** Two details of one subproduct, 50 on hand each. */
async function addCatalogue() {
  const { productId } = await send('/api/admin/catalogue/products', { name: `Kits ${randomUUID()}` }, admin);
  const subproducts = `/api/admin/catalogue/products/${String(productId)}/subproducts`;
  const { subproductId } = await send(subproducts, { name: 'Isolation kits' }, admin);
  const details = `${subproducts}/${String(subproductId)}/details`;
  const detail = async (productType: string) =>
    String((await send(details, { productType, quantity: 50, priceCents: 10_000 }, admin)).detailId);
  return { subproductId: String(subproductId), detailIds: [await detail('Kit A'), await detail('Kit B')] };
}

const payment = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-77', cardType: 'visa' } as const;
const nextYear = String(new Date().getUTCFullYear() + 1);
const card = { ...payment, cardNumber: '4242424242424242', month: '12', year: nextYear, cvv: '123' };

/** A customer whose cart holds both details, placed as an order awaiting payment. */
async function placedOrder() {
  const { subproductId, detailIds } = await addCatalogue();
  const customerId = randomUUID();
  const token = await tokens.sign({ role: 'customer', sub: customerId, email: address.email }, '1h');
  const headers = { authorization: `Bearer ${token}` };
  for (const detailId of detailIds)
    await send(
      '/api/account/cart/items',
      { commandId: randomUUID(), detailId, subproductId, packSize: null, quantity: 2 },
      headers,
    );
  const order = await send(
    '/api/account/orders',
    { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 40_000 },
    headers,
  );
  return { customerId, headers, detailIds, orderId: String(order.orderId), orderNumber: String(order.orderNumber) };
}

async function eventsOf(stream: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

const about = (orderId: string) => (event: RecordedEvent) => (event.data as { orderId?: string }).orderId === orderId;

async function eventually<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A crash in the middle of a checkout: the error a step throws instead of (or after) doing its work. */
class Crash extends Error {}

/** The customer's purchase order, run by a checkout process that stops `moment` `step`. */
async function stopCheckout(
  order: Awaited<ReturnType<typeof placedOrder>>,
  step: CheckoutStep['type'],
  moment: 'before' | 'after',
) {
  const interrupt = (at: CheckoutStep['type'], when: 'before' | 'after') => {
    if (at === step && when === moment) throw new Crash(`stopped ${moment} ${step}`);
  };
  const metadata = {
    actor: { kind: 'customer' as const, id: order.customerId, email: address.email },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
  await expect(
    submitCheckout(
      { eventStore: stores.eventStore, reactNow, interrupt },
      {
        orderId: order.orderId,
        customerId: order.customerId,
        submission: { kind: 'purchase-order', payment: { ...payment, cardLast4: '4242' } },
        metadata,
      },
    ),
  ).rejects.toBeInstanceOf(Crash);
}

/** Another instance starting (the one that crashed is gone): it finishes what it finds unfinished. */
async function restartCommandApi() {
  const restarted = await commandApp();
  await restarted.ready();
  await restarted.close();
}

const cutPoints = (['ReserveStock', 'SubmitToOrder', 'CheckOutCart', 'HandOff'] as const).flatMap((step) =>
  (['before', 'after'] as const).map((moment) => ({ step, moment })),
);

describe('a checkout stopped between two steps and resumed', () => {
  it.each(cutPoints.map((cut, index) => ({ ...cut, resumedBy: index % 2 === 0 ? 'next request' : 'start-up' })))(
    'stopped $moment $step, resumed by the $resumedBy: one submission, reservation, cart checkout, invoice and mail',
    async ({ step, moment, resumedBy }) => {
      const order = await placedOrder();
      await stopCheckout(order, step, moment);
      const stopped = await eventsOf(checkoutProcessStream(order.orderId));
      expect(stopped.at(-1)?.type).not.toBe('CheckoutHandedOff');

      if (resumedBy === 'next request') {
        // The browser asking again: the same purchase order is answered as done, once the process is finished.
        const again = await send(`/api/account/orders/${order.orderId}/purchase-order`, card, order.headers);
        expect(again).toMatchObject({ orderId: order.orderId, status: 'PO received' });
      } else await restartCommandApi();

      expect((await eventsOf(checkoutProcessStream(order.orderId))).map((event) => event.type).slice(-2)).toEqual([
        'CheckoutCartCheckedOut',
        'CheckoutHandedOff',
      ]);
      const confirmation = `Order ${order.orderNumber} received — invoice INV-${order.orderNumber}`;
      const sales = `New purchase order ${order.orderNumber} (PO PO-77)`;
      const mailsAbout = async () =>
        (await readMailDir(join(dataDir, 'mail'))).filter(
          (mail) => mail.subject === confirmation || mail.subject.startsWith(sales),
        );
      await eventually('the confirmation and the sales notification', async () => {
        const mails = await mailsAbout();
        return mails.length >= 2 ? mails : undefined;
      });
      const orderEvents = await eventsOf(orderStream(order.orderId));
      expect(orderEvents.filter((event) => event.type === 'PurchaseOrderSubmitted')).toHaveLength(1);
      expect(orderEvents.filter((event) => event.type === 'InvoiceIssued')).toHaveLength(1);
      for (const detailId of order.detailIds) {
        const reserved = (await eventsOf(stockStream(detailId))).filter(
          (event) => event.type === 'StockReserved' && about(order.orderId)(event),
        );
        expect(reserved, detailId).toHaveLength(1);
      }
      const checkedOut = (await eventsOf(customerCartStream(order.customerId))).filter(
        (event) => event.type === 'CartCheckedOut',
      );
      expect(checkedOut.filter(about(order.orderId))).toHaveLength(1);
      const subjects = (await mailsAbout()).map((mail) => mail.subject);
      expect(subjects.filter((subject) => subject === confirmation)).toHaveLength(1);
      expect(subjects.filter((subject) => subject.startsWith(sales))).toHaveLength(1);
    },
  );

  it('an order cancelled before the stopped process submitted to it refuses it, and the reservation is given back', async () => {
    const order = await placedOrder();
    await stopCheckout(order, 'SubmitToOrder', 'before');
    await send(`/api/account/orders/${order.orderId}/cancel`, {}, order.headers);
    await restartCommandApi();

    expect((await eventsOf(checkoutProcessStream(order.orderId))).map((event) => event.type)).toEqual([
      'CheckoutStarted',
      'CheckoutStockReserved',
      'CheckoutSubmissionRefused',
      'CheckoutStockReleased',
    ]);
    expect((await eventsOf(orderStream(order.orderId))).map((event) => event.type)).toEqual([
      'OrderPlaced',
      'OrderCancelled',
    ]);
    for (const detailId of order.detailIds) {
      const stock = (await eventsOf(stockStream(detailId))).filter(about(order.orderId));
      expect(stock.map((event) => event.type)).toEqual(['StockReserved', 'StockReleased']);
    }
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { createTestStores } from '@labshop/platform/testing/stores';
import { orderEmailsReactor } from '../reactors/order-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { testOrderView } from '../testing/order-view.ts';
import { readMailDir } from '../testing/read-eml.ts';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ORDERS = 50;
// The 30 s; TEST_REDIS_OUTAGE_MS may shorten it for a quick local run.
const OUTAGE_MS = Number(process.env.TEST_REDIS_OUTAGE_MS ?? 30_000);

let stores: Awaited<ReturnType<typeof createTestStores>>;
let redis: Redis;
let proxy: TcpProxy;
let dataDir = '';
let prefix = '';
let workers: RunningWorkers | undefined;

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-order-outage-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  redis = new Redis(REDIS_URL);
  proxy = await startTcpProxy({ host: new URL(REDIS_URL).hostname, port: Number(new URL(REDIS_URL).port || 6379) });
  workers = startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: `redis://127.0.0.1:${proxy.port}`,
    dataDir,
    mailFrom: 'LabShop <no-reply@labshop.test>',
    logger: createLogger('silent'),
    reactors: [orderEmailsReactor],
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 1_000 }, enqueueTimeoutMs: 1_000 },
    orderEmails: { publicUrl: 'https://shop.example' },
    stopGraceMs: 1_000,
    // A send-once claim whose SET reached Redis but whose reply the cut lost holds that mail until it
    // expires (5 min in production); here the outage plus 12 s (longer than the outage, so a mail sent
    // during it still gets its done mark), so that mail's retry falls inside this test's wait.
    mailClaimTtlMs: OUTAGE_MS + 12_000,
  });
});

afterAll(async () => {
  await proxy?.restore().catch(() => undefined);
  await workers?.stop();
  await proxy?.cut();
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis?.quit();
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A placed order submitted as a purchase order, as the command API would have appended them. */
async function orderWithPurchaseOrder(index: number): Promise<string> {
  const orderId = randomUUID();
  const customerId = randomUUID();
  const view = testOrderView();
  const orderNumber = `LUM23112026${String(index).padStart(5, '0')}`;
  const events: OrderEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        orderNumber,
        customerId,
        lines: view.lines,
        address: { ...view.address, email: `buyer${index}@example.com` },
        taxExemptNumber: null,
        taxState: 'LA',
        taxRateBasisPoints: 1012,
        subtotalCents: view.subtotalCents,
        taxCents: view.taxCents,
        totalCents: view.totalCents,
        idempotencyKey: randomUUID(),
        placedAt: new Date().toISOString(),
      },
    },
    {
      type: 'PurchaseOrderSubmitted',
      data: {
        orderId,
        customerId,
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: `PO-${index}`,
        cardType: 'visa',
        cardLast4: '4242',
        submittedAt: new Date().toISOString(),
      },
    },
  ];
  await givenEvents(stores.eventStore, orderStream(orderId), events, {
    kind: 'customer',
    id: customerId,
    email: `buyer${index}@example.com`,
  });
  return orderNumber;
}

describe('order mails through a Redis outage', () => {
  it(
    'gives every order of a burst exactly one invoice and one confirmation when Redis goes away in the middle',
    { timeout: 240_000 },
    async () => {
      const numbers: string[] = [];
      // Half the burst before the cut, half while Redis is away: jobs in flight, jobs not yet enqueued.
      const burst = (from: number, to: number) =>
        Promise.all(Array.from({ length: to - from }, (_, offset) => orderWithPurchaseOrder(from + offset))).then(
          (made) => numbers.push(...made),
        );
      await burst(0, ORDERS / 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await proxy.cut();
      await burst(ORDERS / 2, ORDERS);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await proxy.restore();

      const subjects = async () => (await readMailDir(join(dataDir, 'mail'))).map((mail) => mail.subject);
      const deadline = Date.now() + 150_000;
      while ((await subjects()).length < ORDERS && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 500));
      // Anything sent twice would arrive in the moments after the last first copy.
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      const sent = await subjects();
      expect(sent.sort()).toEqual(
        numbers.map((orderNumber) => `Order ${orderNumber} received — invoice INV-${orderNumber}`).sort(),
      );
      let invoices = 0;
      for await (const event of stores.eventStore.readAll({ types: ['InvoiceIssued'] }))
        invoices += event.type === 'InvoiceIssued' ? 1 : 0;
      expect(invoices).toBe(ORDERS);
    },
  );
});

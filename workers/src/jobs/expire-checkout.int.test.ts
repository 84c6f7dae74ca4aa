import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkoutCancelReasons,
  CHECKOUT_LIFETIME_MS,
  orderStream,
  type OrderEvent,
} from '@labshop/contracts/orders/events';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { createTestStores } from '@labshop/platform/testing/stores';
import { checkoutExpiryReactor } from '../reactors/checkout-expiry.ts';
import { startWorkers } from '../start.ts';
import { CHECKOUT_QUEUE, createExpireCheckoutProcessor } from './expire-checkout.ts';
import { readOrder } from './order-stream.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
let stores: Awaited<ReturnType<typeof createTestStores>>;

beforeAll(async () => {
  stores = await createTestStores();
});
afterAll(async () => {
  await stores?.drop();
});

const placedAt = '2026-11-20T15:00:00.000Z';
const dueAt = new Date(Date.parse(placedAt) + CHECKOUT_LIFETIME_MS);

async function givenCheckout(after: (orderId: string) => OrderEvent[] = () => []) {
  const orderId = randomUUID();
  await givenEvents<OrderEvent>(stores.eventStore, orderStream(orderId), [
    { type: 'OrderPlaced', data: testOrderPlacedData(orderId, 'customer-1', placedAt) },
    ...after(orderId),
  ]);
  return orderId;
}

const job = (orderId: string) => ({ data: { orderId, causationId: randomUUID(), correlationId: randomUUID() } });
const expireAt = (at: Date) => createExpireCheckoutProcessor({ eventStore: stores.eventStore, now: () => at });

describe('checkout expiry', () => {
  it('cancels a checkout still awaiting payment 7 days after it was placed, once, by an event of the expiry', async () => {
    const orderId = await givenCheckout();
    expect(await expireAt(new Date(dueAt.getTime() - 1))(job(orderId))).toBe('not-due');
    expect(await expireAt(dueAt)(job(orderId))).toBe('expired');
    expect(await expireAt(dueAt)(job(orderId))).toBe('not-open');
    const { order, events } = await readOrder(stores.eventStore, orderId);
    expect(order?.view).toMatchObject({ status: 'Cancelled', cancellation: { reason: checkoutCancelReasons.expired } });
    expect(events.map((event) => event.type)).toEqual(['OrderPlaced', 'OrderCancelled']);
    expect(events[1]!.metadata.actor).toEqual({ kind: 'system', id: 'checkout-expiry', email: '' });
  });

  it('leaves a checkout paid by purchase order meanwhile alone', async () => {
    const orderId = await givenCheckout((id) => [
      {
        type: 'PurchaseOrderSubmitted',
        data: {
          orderId: id,
          customerId: 'customer-1',
          company: '',
          name: 'Ann',
          poNumber: '',
          cardType: 'visa',
          cardLast4: '1111',
          submittedAt: placedAt,
        },
      },
    ]);
    expect(await expireAt(new Date(dueAt.getTime() + 1))(job(orderId))).toBe('not-open');
    expect((await readOrder(stores.eventStore, orderId)).events).toHaveLength(2);
  });

  it('the reactor asks for a job that waits until the checkout is due (a BullMQ delayed job)', async () => {
    const prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
    const dataDir = await mkdtemp(join(tmpdir(), 'labshop-expiry-'));
    const redis = new Redis(REDIS_URL);
    const recentPlacedAt = new Date().toISOString();
    const orderId = randomUUID();
    await givenEvents<OrderEvent>(stores.eventStore, orderStream(orderId), [
      { type: 'OrderPlaced', data: testOrderPlacedData(orderId, 'customer-1', recentPlacedAt) },
    ]);
    const placed = (await readOrder(stores.eventStore, orderId)).events[0] as RecordedEvent;
    expect(checkoutExpiryReactor.toJobs(placed)).toEqual([
      expect.objectContaining({
        queue: CHECKOUT_QUEUE,
        runAt: new Date(Date.parse(recentPlacedAt) + CHECKOUT_LIFETIME_MS).toISOString(),
        data: expect.objectContaining({ orderId }),
      }),
    ]);
    const workers = startWorkers({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      redisUrl: REDIS_URL,
      dataDir,
      logger: createLogger('silent'),
      reactors: [checkoutExpiryReactor],
      prefix,
    });
    const queue = new Queue(CHECKOUT_QUEUE, { connection: redis, prefix });
    try {
      let delayed = await queue.getJob(placed.id);
      for (let tries = 0; !delayed && tries < 100; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        delayed = await queue.getJob(placed.id);
      }
      expect(delayed).toBeTruthy();
      expect(await delayed!.getState()).toBe('delayed');
      expect(delayed!.delay).toBeGreaterThan(CHECKOUT_LIFETIME_MS - 60_000);
      expect(delayed!.delay).toBeLessThanOrEqual(CHECKOUT_LIFETIME_MS);
    } finally {
      await queue.close();
      await workers.stop();
      const leftovers = await redis.keys(`${prefix}:*`);
      if (leftovers.length > 0) await redis.del(...leftovers);
      await redis.quit();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

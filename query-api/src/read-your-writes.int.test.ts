import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { ReadStore } from '@labshop/platform/read-store/port';
import { orderStream } from '@labshop/contracts/orders/events';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { checkpointName } from '@labshop/platform/read-store/generations';
import { orderDesk, projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from './app.ts';
import { POSITION_HEADER } from './read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let projectors: ReturnType<typeof startProjectors>;

beforeAll(async () => {
  stores = await createTestStores();
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  // Until the runner has read its checkpoints, it cannot answer for a model and the wait reads the store.
  await new Promise<void>((resolve) => {
    const loaded = () => projectors.progress.position(orderDesk.name, orderDesk.version) !== null;
    const unsubscribe = projectors.progress.onAdvance(() => {
      if (loaded()) {
        unsubscribe();
        resolve();
      }
    });
  });
});
afterAll(async () => {
  await projectors?.stop();
  await stores?.drop();
});

/** The real read store, counting the reads of projections' checkpoints (`projection:<name>:v<N>`) the query API makes. */
function countingCheckpointReads(readStore: ReadStore) {
  const counted = { reads: 0 };
  const store: ReadStore = {
    ...readStore,
    transaction: (work) => readStore.transaction(work),
    getCheckpoint(name) {
      if (name.startsWith('projection:')) counted.reads += 1;
      return readStore.getCheckpoint(name);
    },
  };
  return { store, counted };
}

async function placeOrder(customerId: string, eventStore: EventStore = stores.eventStore) {
  const orderId = randomUUID();
  const data = testOrderPlacedData(orderId, customerId, new Date().toISOString(), {
    orderNumber: `LUM27112026${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    idempotencyKey: randomUUID(),
  });
  const metadata = {
    actor: { kind: 'customer' as const, id: customerId, email: 'ann@example.com' },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
  const { position } = await eventStore.append(orderStream(orderId), [{ type: 'OrderPlaced', data, metadata }], {
    expectedRevision: 'no_stream',
  });
  return { orderId, position };
}

describe('read your own writes', () => {
  it.each([
    ['woken by the projection runner of its own process, reading no checkpoint', true],
    ['without a runner in its process (docker compose), by reading the checkpoints', false],
  ])('answers a read carrying a position once the order is in it: %s', async (_, inProcess) => {
    const { store, counted } = countingCheckpointReads(stores.readStore);
    const queries = await buildQueryApp({
      ...stores,
      readStore: store,
      tokens,
      projections,
      ...(inProcess && { projectionProgress: projectors.progress }),
    });
    try {
      const customerId = randomUUID();
      const session = await sessionOf(tokens, { kind: 'customer', id: customerId, email: 'ann@example.com' });
      const { orderId, position } = await placeOrder(customerId);

      const answer = await queries.inject({
        method: 'GET',
        url: '/api/account/orders?pageSize=1',
        headers: { ...session, [POSITION_HEADER]: position },
      });

      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-labshop-stale']).toBeUndefined();
      expect(answer.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([orderId]);
      if (inProcess) expect(counted.reads).toBe(0);
      else expect(counted.reads).toBeGreaterThan(0);
    } finally {
      await queries.close();
    }
  });

  it('checks a position its own process wrote without a statement, beside the wait', async () => {
    // The command API's store under `npm start`: the query API checks the positions it answered with.
    const pool = new pg.Pool({ connectionString: stores.databaseUrl, max: 2 });
    let statements = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    const eventStore = createPostgresEventStore({ pool });
    const queries = await buildQueryApp({
      ...stores,
      eventStore,
      tokens,
      projections,
      projectionProgress: projectors.progress,
    });
    try {
      const customerId = randomUUID();
      const session = await sessionOf(tokens, { kind: 'customer', id: customerId, email: 'ann@example.com' });
      const { orderId, position } = await placeOrder(customerId, eventStore);
      const before = statements;

      const answer = await queries.inject({
        method: 'GET',
        url: '/api/account/orders?pageSize=1',
        headers: { ...session, [POSITION_HEADER]: position },
      });

      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-labshop-stale']).toBeUndefined();
      expect(answer.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([orderId]);
      expect(statements - before).toBe(0);
    } finally {
      await queries.close();
      await eventStore.close();
      await pool.end();
    }
  });

  it('without a runner in its process, sleeps until the read store announces that checkpoints moved, reading none meanwhile', async () => {
    const { store, counted } = countingCheckpointReads(stores.readStore);
    const queries = await buildQueryApp({ ...stores, readStore: store, tokens, projections });
    try {
      const customerId = randomUUID();
      const session = await sessionOf(tokens, { kind: 'customer', id: customerId, email: 'ann@example.com' });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      // Each batch's write holds the checkpoints it expects: a transaction writing the order desk's keeps it waiting.
      const holder = stores.readStore.transaction(async (session) => {
        const orderDeskCheckpoint = checkpointName(orderDesk.name, orderDesk.version);
        await session.setCheckpoint(orderDeskCheckpoint, (await session.getCheckpoint(orderDeskCheckpoint)) ?? '');
        holding();
        await released;
      });
      await held;
      const { orderId, position } = await placeOrder(customerId);
      const answering = queries.inject({
        method: 'GET',
        url: '/api/account/orders?pageSize=1',
        headers: { ...session, [POSITION_HEADER]: position },
      });
      await new Promise((resolve) => setTimeout(resolve, 600));
      const readsWhileHeld = counted.reads;
      release();
      await holder;
      const answer = await answering;

      expect(answer.statusCode).toBe(200);
      expect(answer.headers['x-labshop-stale']).toBeUndefined();
      expect(answer.json().orders.map((order: { orderId: string }) => order.orderId)).toEqual([orderId]);
      // Polling every 20 ms would have read about 30 times in those 600 ms.
      expect(readsWhileHeld).toBeGreaterThan(0);
      expect(readsWhileHeld).toBeLessThanOrEqual(3);
    } finally {
      await queries.close();
    }
  });
});

/**
 * The database goes away under the stores, with a transaction in flight: the process lives (an
 * unhandled 'error' event from a checked-out client would fail this file as an unhandled error),
 * calls fail as "unavailable" while it is away, and the same stores work again once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores, type Stores } from './stores.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';
import { connectPostgresClient } from './postgres-connections.ts';
import { createPostgresEventStore } from './event-store/postgres/postgres-event-store.ts';
import {
  createOwnPostgresCluster,
  ownClusterUnavailableReason,
  type OwnPostgresCluster,
} from './testing/own-postgres-cluster.ts';

const unavailable = ownClusterUnavailableReason();
if (unavailable) console.warn(`Skipping the PostgreSQL outage drill: ${unavailable}`);

let cluster: OwnPostgresCluster;
let stores: Stores;

beforeAll(async () => {
  if (unavailable) return;
  cluster = await createOwnPostgresCluster();
  stores = await openStores({ DATABASE_URL: cluster.url('labshop') });
});
afterAll(async () => {
  await stores?.close().catch(() => undefined);
  await cluster?.drop();
});

interface Drill {
  id: string;
  _position: string;
  value: number;
}

const event = (n: number) => ({
  type: 'OutageDrill',
  data: { n },
  metadata: {
    actor: { kind: 'system' as const, id: 'drill', email: '' },
    correlationId: 'drill',
    causationId: 'drill',
    occurredAt: new Date().toISOString(),
  },
});

/** A read-store transaction that has written and then waits, its connection checked out and idle in the transaction. */
function transactionHeldOpen() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const begun = new Promise<void>((resolve) => (started = resolve));
  const outcome = stores.readStore.transaction(async (session) => {
    await session.collection<Drill>('drill').upsert({ id: 'in-flight', _position: '1', value: 1 });
    started();
    await held;
    await session.collection<Drill>('drill').upsert({ id: 'after-outage', _position: '1', value: 2 });
  });
  return {
    begun,
    release,
    outcome: outcome.then(
      () => null,
      (error: unknown) => error,
    ),
  };
}

async function untilAvailable<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || attempt > 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe.skipIf(unavailable)('a PostgreSQL outage under the stores', () => {
  it('survives its sessions being terminated (57P01) with a transaction in flight, and works again at once', async () => {
    await stores.eventStore.append('drill-1', [event(1)], { expectedRevision: 'no_stream' });
    const transaction = transactionHeldOpen();
    await transaction.begun;
    const admin = await connectPostgresClient({ connectionString: cluster.url('postgres') });
    try {
      const { rows } = await admin.query<{ ended: number }>(
        "SELECT count(pg_terminate_backend(pid))::int AS ended FROM pg_stat_activity WHERE datname = 'labshop' AND pid <> pg_backend_pid()",
      );
      expect(rows[0]!.ended).toBeGreaterThan(0);
    } catch (error) {
      await admin.end();
      throw error;
    }
    // Let the terminations arrive at the idle clients (each one an 'error' event) before going on.
    await new Promise((resolve) => setTimeout(resolve, 500));
    transaction.release();
    expect(isDatabaseUnavailable(await transaction.outcome)).toBe(true);

    // Only the outage counts as "unavailable": a refusal the database gives while it is there does not.
    const conflict = await stores.eventStore
      .append('drill-1', [event(9)], { expectedRevision: 'no_stream' })
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(conflict)).toBe(false);
    const mistake = await admin.query('SELEC 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(mistake)).toBe(false);
    await admin.end();

    // Every pooled connection was ended: each store connects afresh on its next call.
    await stores.eventStore.append('drill-1', [event(2)], { expectedRevision: 0 });
    await stores.readStore.collection<Drill>('drill').upsert({ id: 'afterwards', _position: '1', value: 3 });
    expect(await stores.readStore.collection<Drill>('drill').get('in-flight')).toBeNull();
    expect(await stores.readStore.collection<Drill>('drill').get('afterwards')).toMatchObject({ value: 3 });
  });

  it('survives the server stopping with a transaction in flight, answers "unavailable" while it is down, and resumes after it starts', async () => {
    const transaction = transactionHeldOpen();
    await transaction.begun;
    await cluster.stop();
    transaction.release();
    expect(isDatabaseUnavailable(await transaction.outcome)).toBe(true);

    const whileDown = await Promise.allSettled([
      stores.eventStore.append('drill-2', [event(1)], { expectedRevision: 'any' }),
      stores.readStore.collection<Drill>('drill').get('afterwards'),
      stores.readStore.transaction((session) => session.getCheckpoint('drill')),
      (async () => {
        for await (const _ of stores.eventStore.readStream('drill-1')) return;
      })(),
    ]);
    for (const result of whileDown) {
      expect(result.status).toBe('rejected');
      expect(
        isDatabaseUnavailable((result as PromiseRejectedResult).reason),
        String((result as PromiseRejectedResult).reason),
      ).toBe(true);
    }

    await cluster.start();
    await untilAvailable(() => stores.eventStore.append('drill-2', [event(2)], { expectedRevision: 'any' }));
    await stores.readStore.transaction((session) => session.setCheckpoint('drill', '1'));
    expect(await stores.readStore.getCheckpoint('drill')).toBe('1');
    const revisions = [];
    for await (const recorded of stores.eventStore.readStream('drill-1')) revisions.push(recorded.revision);
    expect(revisions).toEqual([0, 1]);
  });

  it('keeps a subscription woken across a restart: its LISTEN connection comes back and it catches up', async () => {
    const seen: number[] = [];
    const subscription = stores.eventStore.subscribe(
      { after: await stores.eventStore.headPosition(), types: ['OutageDrill'] },
      async (events) => {
        seen.push(...events.map((recorded) => (recorded.data as { n: number }).n));
      },
    );
    // Appends from another process: only a notification (or the reconnection) wakes the subscription.
    const writer = createPostgresEventStore({ connectionString: cluster.url('labshop'), maxConnections: 1 });
    const delivered = async (count: number) => {
      for (let waited = 0; seen.length < count && waited < 15_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      return seen.length;
    };
    try {
      await writer.append('drill-3', [event(1)], { expectedRevision: 'no_stream' });
      expect(await delivered(1)).toBe(1);

      await cluster.stop();
      await cluster.start();
      await untilAvailable(() => writer.append('drill-3', [event(2)], { expectedRevision: 0 }));
      expect(await delivered(2)).toBe(2);
      await writer.append('drill-3', [event(3)], { expectedRevision: 1 });
      expect(await delivered(3)).toBe(3);
      expect(seen).toEqual([1, 2, 3]);
    } finally {
      await subscription.stop();
      await writer.close();
    }
  });
});

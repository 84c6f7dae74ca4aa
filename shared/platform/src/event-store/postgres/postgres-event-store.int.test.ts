import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createOwnPostgresCluster, ownClusterUnavailableReason } from '../../testing/own-postgres-cluster.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/postgres.ts';
import { eventStoreContract } from '../event-store.contract.ts';
import { createPostgresEventStore } from './postgres-event-store.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('labshop_event_store');
  const store = createPostgresEventStore({ connectionString: database.url, maxConnections: 2 });
  await store.migrate();
  await store.close();
});

afterAll(async () => {
  await database.drop();
});

function testEvent(type: string, data: Record<string, unknown> = {}) {
  const metadata = {
    actor: { kind: 'system' as const, id: 'test', email: '' },
    correlationId: 'c',
    causationId: 'c',
    occurredAt: new Date().toISOString(),
  };
  return { type, data, metadata };
}

eventStoreContract('PostgreSQL', async () =>
  createPostgresEventStore({ connectionString: database.url, maxConnections: 16, heldBackRetryMs: 20 }),
);

describe('PostgreSQL event store migration', () => {
  it('can run again, from several processes at once', async () => {
    const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: database.url, max: 1 }));
    try {
      await Promise.all(pools.map((pool) => createPostgresEventStore({ pool }).migrate()));
      const { rows } = await pools[0]!.query<{ tables: string }>(
        "SELECT count(*) AS tables FROM information_schema.tables WHERE table_name IN ('events', 'event_streams')",
      );
      expect(Number(rows[0]!.tables)).toBe(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('PostgreSQL event store horizon', () => {
  it('reads past a transaction still running in another database, never past one in its own', async () => {
    const other = await createTestDatabase('labshop_event_store_neighbour');
    const store = createPostgresEventStore({ connectionString: database.url, maxConnections: 4 });
    const elsewhere = new pg.Client({ connectionString: other.url });
    const here = new pg.Client({ connectionString: database.url });
    await Promise.all([elsewhere.connect(), here.connect()]);
    const stream = `horizon-${crypto.randomUUID()}`;
    const appendOne = async (name: string) =>
      (await store.append(stream, [testEvent('HorizonTested', { name })], { expectedRevision: 'any' })).position;
    const inGlobalLog = async (position: string) => {
      for await (const event of store.readAll({ types: ['HorizonTested'] }))
        if (event.position === position) return true;
      return false;
    };
    try {
      // A neighbour's long transaction (a parallel test's database, another app on the server) holds an xid open.
      await elsewhere.query('BEGIN');
      await elsewhere.query('SELECT pg_current_xact_id()');
      const afterNeighbour = await appendOne('after the neighbour began');
      expect(await inGlobalLog(afterNeighbour)).toBe(true);
      expect(await store.headPosition()).toBe(afterNeighbour);

      // A transaction of this database that may still write events does hold readers back.
      await here.query('BEGIN');
      await here.query('SELECT pg_current_xact_id()');
      const afterOwn = await appendOne('after our own began');
      expect(await inGlobalLog(afterOwn)).toBe(false);
      await here.query('COMMIT');
      expect(await inGlobalLog(afterOwn)).toBe(true);
    } finally {
      await elsewhere.query('ROLLBACK').catch(() => undefined);
      await Promise.all([elsewhere.end(), here.end(), store.close()]);
      await other.drop();
    }
  });
});

const noOwnCluster = ownClusterUnavailableReason();
if (noOwnCluster) console.warn(`Skipping the horizon test with a prepared transaction: ${noOwnCluster}`);

describe.skipIf(noOwnCluster)('PostgreSQL event store horizon, on a cluster of its own', () => {
  it('never moves back: what headPosition showed, the next read returns, though a neighbour transaction left pg_stat_activity', async () => {
    // A neighbour database's transaction is read past while its backend runs it. Once prepared (two-phase commit) it is
    // still running but has no backend, so the next statement holds its readers back behind it: so does a transaction
    // that ends between a statement's snapshot and its look at pg_stat_activity, which CI once saw.
    const cluster = await createOwnPostgresCluster({ settings: { max_prepared_transactions: '2' } });
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE events');
    await admin.query('CREATE DATABASE neighbour');
    const store = createPostgresEventStore({ connectionString: cluster.url('events'), maxConnections: 2 });
    const neighbour = new pg.Client({ connectionString: cluster.url('neighbour') });
    await neighbour.connect();
    try {
      await store.migrate();
      const before = await store.headPosition();
      await neighbour.query('BEGIN');
      await neighbour.query('SELECT pg_current_xact_id()');
      const { position } = await store.append('horizon-prepared', [testEvent('HorizonKept')], {
        expectedRevision: 'no_stream',
      });
      expect(await store.headPosition()).toBe(position);

      await neighbour.query("PREPARE TRANSACTION 'neighbour'");
      const read = [];
      for await (const event of store.readAll({ after: before })) read.push(event.position);
      expect(read).toEqual([position]);
      expect(await store.headPosition()).toBe(position);
    } finally {
      await neighbour.query("ROLLBACK PREPARED 'neighbour'").catch(() => undefined);
      await Promise.all([neighbour.end(), store.close(), admin.end()]);
      await cluster.drop();
    }
  });
});

describe('PostgreSQL event store head', () => {
  it('is the last event in transaction order, not in the order of its id written as text', async () => {
    const own = await createTestDatabase('labshop_event_store_head');
    const store = createPostgresEventStore({ connectionString: own.url, maxConnections: 2 });
    // A client, not a pool: its end() waits until the socket is closed, so dropping the database cannot reach it
    // (a pool's end() resolves before its clients' sockets close, and the forced drop then kills one mid-close).
    const client = new pg.Client({ connectionString: own.url });
    try {
      await client.connect();
      await store.migrate();
      // Transaction ids 9 and 10 (long committed on any server): as text, '9' sorts after '10'.
      await client.query(
        `INSERT INTO events (transaction_id, position, event_id, stream_id, revision, type, data, metadata)
         VALUES ('9', 1, gen_random_uuid(), 'head-a', 0, 'HeadTested', '{}', '{}'), ('10', 2, gen_random_uuid(), 'head-b', 0, 'HeadTested', '{}', '{}')`,
      );
      const events = [];
      for await (const event of store.readAll()) events.push(event.position);
      expect(events).toHaveLength(2);
      expect(await store.headPosition()).toBe(events[1]);
    } finally {
      await Promise.all([client.end(), store.close()]);
      await own.drop();
    }
  });
});

describe('PostgreSQL event store position check', () => {
  it('answers a position within what it has seen (its own appends, an earlier horizon) without a statement', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    let statements = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    const store = createPostgresEventStore({ pool });
    const elsewhere = createPostgresEventStore({ connectionString: database.url, maxConnections: 1 });
    const event = testEvent('PositionChecked');
    try {
      const own = await store.append(`checked-${crypto.randomUUID()}`, [event], { expectedRevision: 'no_stream' });
      let before = statements;
      expect(await store.checkPosition(own.position)).toBe('possible');
      expect(statements - before).toBe(0);

      // Appended by another process: read the horizon once, then known.
      const theirs = await elsewhere.append(`checked-${crypto.randomUUID()}`, [event], {
        expectedRevision: 'no_stream',
      });
      before = statements;
      expect(await store.checkPosition(theirs.position)).toBe('possible');
      expect(statements - before).toBe(1);
      before = statements;
      expect(await store.checkPosition(own.position)).toBe('possible');
      expect(await store.checkPosition(theirs.position)).toBe('possible');
      expect(statements - before).toBe(0);

      const [transaction, sequence] = theirs.position.split('-');
      expect(
        await store.checkPosition(
          `${transaction}-${String(BigInt(sequence!) + 1000n).padStart(sequence!.length, '0')}`,
        ),
      ).toBe('beyond');
      expect(
        await store.checkPosition(
          `${String(BigInt(transaction!) + 1000n).padStart(transaction!.length, '0')}-${sequence}`,
        ),
      ).toBe('beyond');
    } finally {
      await Promise.all([store.close(), elsewhere.close()]);
      await pool.end();
    }
  });
});

describe('PostgreSQL event store subscriptions', () => {
  const drillEvent = (name: string) => testEvent('WakeTested', { name });
  const until = async (condition: () => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    return condition();
  };

  it('sleep without a statement while idle and wake on an append made by another process (NOTIFY)', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    let statements = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return query(...args);
    };
    const reader = createPostgresEventStore({ pool });
    const writer = createPostgresEventStore({ connectionString: database.url, maxConnections: 1 });
    const seen: string[] = [];
    const subscription = reader.subscribe(
      { after: await writer.headPosition(), types: ['WakeTested'] },
      async (events) => {
        seen.push(...events.map((event) => (event.data as { name: string }).name));
      },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // it has read, caught up, and LISTENs
      const before = statements;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(statements - before).toBe(0);

      const stream = `wake-${crypto.randomUUID()}`;
      await writer.append(stream, [drillEvent('first')], { expectedRevision: 'no_stream' });
      expect(await until(() => seen.length === 1, 2_000)).toBe(true);
      await writer.append(stream, [drillEvent('second')], { expectedRevision: 0 });
      expect(await until(() => seen.length === 2, 2_000)).toBe(true);
      expect(seen).toEqual(['first', 'second']);
    } finally {
      await subscription.stop();
      await Promise.all([reader.close(), writer.close()]);
      await pool.end();
    }
  });

  it('caught up, reads the log once per append, and skips its own store NOTIFY', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 4 });
    let tailReads = 0;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if ((args[0] as { name?: string }).name === 'read_all_page') tailReads += 1;
      return query(...args);
    };
    const store = createPostgresEventStore({ pool });
    const seen: string[] = [];
    const subscription = store.subscribe({ after: await store.headPosition() }, async (events) => {
      seen.push(...events.map((event) => (event.data as { name: string }).name));
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // it has read, caught up, and LISTENs
      const before = tailReads;
      await store.append(`own-${crypto.randomUUID()}`, [drillEvent('own')], { expectedRevision: 'no_stream' });
      expect(await until(() => seen.length === 1, 2_000)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the store's own NOTIFY has come back by now
      // One read, and none more when the NOTIFY comes back (nothing else runs in this database, so nothing is held back).
      expect(tailReads - before).toBe(1);
      expect(seen).toEqual(['own']);
    } finally {
      await subscription.stop();
      await store.close();
      await pool.end();
    }
  });

  it('caught up, takes many events in batches of its own size, in order', async () => {
    const store = createPostgresEventStore({ connectionString: database.url, maxConnections: 2 });
    const batches: string[][] = [];
    const subscription = store.subscribe(
      { after: await store.headPosition(), types: ['WakeTested'], maxBatchSize: 3 },
      async (events) => {
        batches.push(events.map((event) => (event.data as { name: string }).name));
      },
    );
    try {
      await new Promise((resolve) => setTimeout(resolve, 300)); // caught up
      const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
      await store.append(`batched-${crypto.randomUUID()}`, names.map(drillEvent), { expectedRevision: 'no_stream' });
      expect(await until(() => batches.flat().length === names.length, 2_000)).toBe(true);
      expect(batches.flat()).toEqual(names);
      expect(Math.max(...batches.map((batch) => batch.length))).toBe(3);
    } finally {
      await subscription.stop();
      await store.close();
    }
  });

  it('look again for events held back behind a transaction of their database, which ends without a notification', async () => {
    const reader = createPostgresEventStore({ connectionString: database.url, maxConnections: 2, heldBackRetryMs: 20 });
    const writer = createPostgresEventStore({ connectionString: database.url, maxConnections: 1 });
    const here = new pg.Client({ connectionString: database.url });
    await here.connect();
    const seen: string[] = [];
    const subscription = reader.subscribe(
      { after: await writer.headPosition(), types: ['WakeTested'] },
      async (events) => {
        seen.push(...events.map((event) => (event.data as { name: string }).name));
      },
    );
    try {
      await here.query('BEGIN');
      await here.query('SELECT pg_current_xact_id()');
      await writer.append(`held-${crypto.randomUUID()}`, [drillEvent('held back')], { expectedRevision: 'no_stream' });
      // Notified, it reads: the event is behind the horizon until `here` ends.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(seen).toEqual([]);
      await here.query('COMMIT');
      expect(await until(() => seen.length === 1, 2_000)).toBe(true);
    } finally {
      await here.query('ROLLBACK').catch(() => undefined);
      await subscription.stop();
      await Promise.all([here.end(), reader.close(), writer.close()]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
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

eventStoreContract('PostgreSQL', async () => createPostgresEventStore({ connectionString: database.url, maxConnections: 16, pollIntervalMs: 20 }));

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
      (await store.append(stream, [{ type: 'HorizonTested', data: { name }, metadata: { actor: { kind: 'system', id: 'test', email: '' }, correlationId: 'c', causationId: 'c', occurredAt: new Date().toISOString() } }], { expectedRevision: 'any' })).position;
    const inGlobalLog = async (position: string) => {
      for await (const event of store.readAll({ types: ['HorizonTested'] })) if (event.position === position) return true;
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

describe('PostgreSQL event store head', () => {
  it('is the last event in transaction order, not in the order of its id written as text', async () => {
    const own = await createTestDatabase('labshop_event_store_head');
    const store = createPostgresEventStore({ connectionString: own.url, maxConnections: 2 });
    const pool = new pg.Pool({ connectionString: own.url, max: 1 });
    try {
      await store.migrate();
      // Transaction ids 9 and 10 (long committed on any server): as text, '9' sorts after '10'.
      await pool.query(
        `INSERT INTO events (transaction_id, position, event_id, stream_id, revision, type, data, metadata)
         VALUES ('9', 1, gen_random_uuid(), 'head-a', 0, 'HeadTested', '{}', '{}'), ('10', 2, gen_random_uuid(), 'head-b', 0, 'HeadTested', '{}', '{}')`,
      );
      const events = [];
      for await (const event of store.readAll()) events.push(event.position);
      expect(events).toHaveLength(2);
      expect(await store.headPosition()).toBe(events[1]);
    } finally {
      await Promise.all([pool.end(), store.close()]);
      await own.drop();
    }
  });
});

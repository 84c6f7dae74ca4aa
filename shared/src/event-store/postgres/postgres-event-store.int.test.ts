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

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/postgres.ts';
import { readStoreContract } from '../read-store.contract.ts';
import type { Query } from '../port.ts';
import { validateQuery } from '../query.ts';
import { collectionTable, indexCollectionFields, migratePostgresReadStore } from './migrate.ts';
import { createPostgresReadStore } from './postgres-read-store.ts';
import { orderBySql, SqlParameters, whereSql } from './sql-query.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('labshop_read_store');
});
afterAll(async () => {
  await database?.drop();
});

readStoreContract('PostgreSQL', () => createPostgresReadStore({ connectionString: database.url, maxConnections: 5 }));

describe('PostgreSQL read store', () => {
  it('migrates safely when several processes start at once, and again later', async () => {
    const pools = Array.from({ length: 4 }, () => new pg.Pool({ connectionString: database.url, max: 1 }));
    try {
      await Promise.all(pools.map((pool) => migratePostgresReadStore(pool)));
      await migratePostgresReadStore(pools[0]!);
      const { rows } = await pools[0]!.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE tablename LIKE 'read_store_%' ORDER BY tablename`,
      );
      expect(rows.map((row) => row.name)).toEqual(['read_store_checkpoints']);
      const { rows: schemas } = await pools[0]!.query(`SELECT 1 FROM pg_namespace WHERE nspname = 'read_store'`);
      expect(schemas).toHaveLength(1);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("moves an earlier version's one shared table into a table per collection, tombstones included", async () => {
    const legacy = await createTestDatabase('labshop_read_store_legacy');
    const pool = new pg.Pool({ connectionString: legacy.url, max: 2 });
    try {
      await pool.query(`CREATE TABLE read_store_documents (collection text COLLATE "C" NOT NULL, id text COLLATE "C" NOT NULL, doc jsonb,
        position text COLLATE "C" NOT NULL, deleted boolean NOT NULL DEFAULT false, PRIMARY KEY (collection, id))`);
      await pool.query(`INSERT INTO read_store_documents VALUES
        ('orders__v1', 'o1', '{"id": "o1", "_position": "0002", "total": 5}', '0002', false),
        ('orders__v1', 'o2', NULL, '0003', true),
        ('carts__v1', 'c1', '{"id": "c1", "_position": "0001"}', '0001', false)`);

      const store = await createPostgresReadStore({ pool });

      expect(await store.collection('orders__v1').find()).toEqual([{ id: 'o1', _position: '0002', total: 5 }]);
      expect(await store.collection('orders__v1').upsert({ id: 'o2', _position: '0002' })).toBe(false);
      expect(await store.collection('carts__v1').get('c1')).toEqual({ id: 'c1', _position: '0001' });
      const { rows } = await pool.query<{ left: string | null }>(
        `SELECT to_regclass('public.read_store_documents')::text AS left`,
      );
      expect(rows[0]!.left).toBeNull();
      await store.close();
    } finally {
      await pool.end();
      await legacy.drop();
    }
  });

  it('drops the GIN index of whole documents a table had before fields were indexed by name, and compresses documents with lz4', async () => {
    const earlier = await createTestDatabase('labshop_read_store_gin');
    const pool = new pg.Pool({ connectionString: earlier.url, max: 2 });
    try {
      await pool.query(`CREATE SCHEMA read_store`);
      await pool.query(
        `CREATE TABLE read_store."orders__v1" (id text COLLATE "C" PRIMARY KEY, doc jsonb, position text COLLATE "C" NOT NULL, deleted boolean NOT NULL DEFAULT false)`,
      );
      await pool.query(`CREATE INDEX ON read_store."orders__v1" USING gin (doc jsonb_path_ops) WHERE NOT deleted`);
      await pool.query(
        `INSERT INTO read_store."orders__v1" VALUES ('o1', '{"id": "o1", "_position": "0001", "status": "placed"}', '0001', false)`,
      );

      const store = await createPostgresReadStore({ pool });

      const { rows } = await pool.query<{ method: string }>(
        `SELECT pg_am.amname AS method FROM pg_index JOIN pg_class ON pg_class.oid = pg_index.indexrelid JOIN pg_am ON pg_am.oid = pg_class.relam
         WHERE pg_index.indrelid = 'read_store."orders__v1"'::regclass`,
      );
      expect(rows.map((row) => row.method)).toEqual(['btree']);
      expect((await store.collection('orders__v1').find({ where: { status: 'placed' } })).map((doc) => doc.id)).toEqual(
        ['o1'],
      );

      // This server has lz4 (Debian's PostgreSQL is built with it): the earlier table is switched, a new one made so.
      await store.collection('orders__v2').upsert({ id: 'o1', _position: '0002' });
      const { rows: compression } = await pool.query<{ name: string; method: string }>(
        `SELECT attrelid::regclass::text AS name, attcompression AS method FROM pg_attribute
         WHERE attname = 'doc' AND attrelid IN ('read_store."orders__v1"'::regclass, 'read_store."orders__v2"'::regclass) ORDER BY 1`,
      );
      expect(compression).toEqual([
        { name: 'read_store.orders__v1', method: 'l' },
        { name: 'read_store.orders__v2', method: 'l' },
      ]);
      await store.close();
    } finally {
      await pool.end();
      await earlier.drop();
    }
  });

  it('creates a table again when another process dropped it', async () => {
    const store = await createPostgresReadStore({ connectionString: database.url, maxConnections: 2 });
    const other = await createPostgresReadStore({ connectionString: database.url, maxConnections: 2 });
    try {
      const name = 'dropped_elsewhere';
      await store.collection(name).upsert({ id: 'p1', _position: '0001' });
      await other.dropCollection(name);

      expect(await store.collection(name).get('p1')).toBeNull();
      expect(await store.collection(name).upsert({ id: 'p1', _position: '0001' })).toBe(true);

      // A transaction cannot go on after the error: it fails, and the caller's retry finds the table made again.
      await other.dropCollection(name);
      const write = () =>
        store.transaction((session) => session.collection(name).upsert({ id: 'p2', _position: '0001' }));
      await expect(write()).rejects.toThrow(/does not exist/);
      expect(await write()).toBe(true);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('copies in an insertMany as one statement: a held id, a NUL byte or a lone surrogate writes none of it, and the pool goes on', async () => {
    const store = await createPostgresReadStore({ connectionString: database.url, maxConnections: 1 });
    try {
      const products = store.collection('copied_in');
      await products.upsert({ id: 'held', _position: '0001' });
      const fresh = { id: 'fresh', _position: '0002', name: 'Fresh' };

      await expect(products.insertMany([fresh, { id: 'held', _position: '0002' }])).rejects.toThrow(/duplicate key/);
      await expect(products.insertMany([fresh, { id: 'nul', _position: '0002', name: 'a\u0000b' }])).rejects.toThrow(
        /unsupported Unicode escape/,
      );
      await expect(products.insertMany([fresh, { id: 'lone', _position: '0002', name: 'a\ud800b' }])).rejects.toThrow(
        /invalid input syntax for type json/,
      );
      expect(await products.count()).toBe(1);

      // The one connection of the pool was dropped after each failed COPY and a new one serves.
      expect(await products.insertMany([fresh])).toBe(1);
      expect(await products.get('fresh')).toEqual(fresh);
    } finally {
      await store.close();
    }
  });

  it('announces a write of checkpoints to other processes when its transaction commits, not before', async () => {
    const [writer, reader] = await Promise.all(
      [1, 2].map(() => createPostgresReadStore({ connectionString: database.url, maxConnections: 2 })),
    );
    let heard = 0;
    const stop = reader!.onCheckpointsMoved!(() => (heard += 1));
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    try {
      await settle(); // LISTEN took effect (announced once, as after every reconnection)
      heard = 0;
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      const transaction = writer!.transaction(async (session) => {
        await session.setCheckpoints([
          { name: 'announced-a', position: '1' },
          { name: 'announced-b', position: '2' },
        ]);
        await committing;
      });
      await settle();
      expect(heard).toBe(0);
      commit();
      await transaction;
      await settle();
      expect(heard).toBe(1);
      await writer!.setCheckpoint('announced-a', '3');
      await settle();
      expect(heard).toBe(2);
    } finally {
      stop();
      await Promise.all([writer!.close(), reader!.close()]);
    }
  });

  it('commits its transactions without waiting for the disk (the read store holds only what the log rebuilds)', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    const settingsAtCommit: string[] = [];
    let watching = false;
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (text: string) => Promise<pg.QueryResult>;
      // Just before the transaction's COMMIT, what the server says the setting is on that connection.
      client.query = (async (...args: Parameters<typeof query>) => {
        if (watching && args[0] === 'COMMIT') {
          const { rows } = await query('SHOW synchronous_commit');
          settingsAtCommit.push((rows[0] as { synchronous_commit: string }).synchronous_commit);
        }
        return query(...args);
      }) as typeof client.query;
    });
    try {
      const store = await createPostgresReadStore({ pool });
      watching = true;
      await store.transaction((session) => session.setCheckpoint('sync-commit-check', '0001'));
      expect(settingsAtCommit).toEqual(['off']);
      const { rows } = await pool.query<{ synchronous_commit: string }>('SHOW synchronous_commit');
      expect(rows[0]?.synchronous_commit).toBe('on');
      await store.close();
    } finally {
      await pool.end();
    }
  });

  it('leaves a pool it was given open on close', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const store = await createPostgresReadStore({ pool });
      await store.close();
      const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
      expect(rows[0]?.one).toBe(1);
    } finally {
      await pool.end();
    }
  });

  it("plans My Orders on the customer's index once a rebuilt collection is swapped in (it is analysed), not on the document kind's", async () => {
    const store = await createPostgresReadStore({ connectionString: database.url, maxConnections: 2 });
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      // An order desk as a rebuild fills it: 20 000 documents of 2 000 customers, nearly all of them orders.
      await store.indexFields('desk_rebuilt', ['customerId', 'kind']);
      const documents = Array.from({ length: 20_000 }, (_, index) => ({
        id: `o${index}`,
        _position: '1',
        customerId: `c${index % 2_000}`,
        kind: index % 50 === 0 ? 'quote' : 'order',
        order: { placedAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(), orderNumber: `N${index}` },
      }));
      await store.collection('desk_rebuilt').insertMany(documents);
      await store.renameCollection('desk_rebuilt', 'desk');

      // ANALYZE counted the rows (COPY does not; the indexes were made while the table was empty).
      const { rows: analysed } = await pool.query<{ reltuples: number }>(
        `SELECT reltuples FROM pg_class WHERE oid = to_regclass('read_store.desk')`,
      );
      expect(analysed[0]!.reltuples).toBe(20_000);

      const { predicates, text, sort } = validateQuery({
        where: { customerId: 'c7', kind: 'order' },
        sort: [
          { field: 'order.placedAt', direction: 'desc' },
          { field: 'order.orderNumber', direction: 'desc' },
        ],
      });
      const params = new SqlParameters();
      const sql = `EXPLAIN SELECT doc FROM ${collectionTable('desk')} WHERE ${whereSql(predicates, text, params)} ORDER BY ${orderBySql(sort, params)} LIMIT 10`;
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(sql, params.values);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const { rows: indexes } = await pool.query<{ name: string; field: string }>(
        `SELECT indexname AS name, CASE WHEN indexdef LIKE '%{customerId}%' THEN 'customerId' ELSE 'kind' END AS field FROM pg_indexes WHERE schemaname = 'read_store' AND tablename = 'desk' AND indexname LIKE 'field_%'`,
      );
      const indexOf = (field: string) => indexes.find((index) => index.field === field)!.name;
      expect(plan).toContain(indexOf('customerId'));
      expect(plan).not.toContain(indexOf('kind'));
    } finally {
      await pool.end();
      await store.close();
    }
  });

  it('gives the indexed fields of a table from before their statistics objects, and analyses it, on the next start', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    try {
      await migratePostgresReadStore(pool);
      // A table as the adapter made it before: its field index, no statistics object, filled and never analysed.
      await indexCollectionFields(pool, 'desk_before', [['customerId']]);
      for (const name of await statisticsOf(pool, 'desk_before'))
        await pool.query(`DROP STATISTICS read_store.${name}`);
      await pool.query(
        `INSERT INTO ${collectionTable('desk_before')} (id, doc, position) SELECT 'o' || i, jsonb_build_object('id', 'o' || i, '_position', '1', 'customerId', 'c' || (i % 300)), '1' FROM generate_series(1, 3000) AS i`,
      );
      expect(await statisticsOf(pool, 'desk_before')).toEqual([]);

      await indexCollectionFields(pool, 'desk_before', [['customerId']]);

      expect(await statisticsOf(pool, 'desk_before')).toEqual([
        expect.stringMatching(/^field_\d+_[0-9a-f]{24}_stats$/),
      ]);
      const { rows } = await pool.query<{ reltuples: number }>(
        `SELECT reltuples FROM pg_class WHERE oid = to_regclass('read_store.desk_before')`,
      );
      expect(rows[0]!.reltuples).toBe(3000);
      // Nothing new the next time: the table is not analysed again.
      await pool.query(
        `INSERT INTO ${collectionTable('desk_before')} (id, doc, position) VALUES ('late', '{"id": "late", "_position": "1"}', '1')`,
      );
      await indexCollectionFields(pool, 'desk_before', [['customerId']]);
      const { rows: again } = await pool.query<{ reltuples: number }>(
        `SELECT reltuples FROM pg_class WHERE oid = to_regclass('read_store.desk_before')`,
      );
      expect(again[0]!.reltuples).toBe(3000);
    } finally {
      await pool.end();
    }
  });

  describe('on a collection of 20 000 documents', () => {
    let pool: pg.Pool;

    beforeAll(async () => {
      pool = new pg.Pool({ connectionString: database.url, max: 1 });
      await migratePostgresReadStore(pool);
      await indexCollectionFields(pool, 'large', [['category']]);
      await pool.query(
        `INSERT INTO ${collectionTable('large')} (id, doc, position)
         SELECT 'p' || i,
                jsonb_build_object('id', 'p' || i, '_position', '1', 'category', 'c' || (i % 500), 'displayOrder', i,
                                   'name', 'Product ' || i, 'description', repeat('lorem ipsum ', 20)),
                '1'
         FROM generate_series(1, 20000) AS i`,
      );
      await pool.query(`VACUUM ANALYZE ${collectionTable('large')}`);
    });
    afterAll(async () => {
      await pool?.end();
    });

    it.each([
      ['equality', { where: { category: 'c7' } }],
      ['$in', { where: { category: { $in: ['c7', 'c8'] } } }],
    ] satisfies [string, Query][])("answers %s through the field's index", async (_, query) => {
      const { predicates, text } = validateQuery(query);
      const params = new SqlParameters();
      const where = whereSql(predicates, text, params);

      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT doc FROM ${collectionTable('large')} WHERE ${where}`,
        params.values,
      );

      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan on field_\d+_[0-9a-f]{24}/);
    });

    it('finds by equality, sorted by display order', async () => {
      const store = await createPostgresReadStore({ pool });
      const found = await store
        .collection('large')
        .find({ where: { category: 'c7' }, sort: [{ field: 'displayOrder', direction: 'asc' }], limit: 3 });
      expect(found.map((doc) => doc.id)).toEqual(['p7', 'p507', 'p1007']);
    });
  });
});

async function statisticsOf(pool: pg.Pool, collection: string): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT stxname AS name FROM pg_statistic_ext WHERE stxrelid = to_regclass($1) ORDER BY stxname`,
    [collectionTable(collection)],
  );
  return rows.map((row) => row.name);
}

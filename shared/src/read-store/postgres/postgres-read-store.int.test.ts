import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/postgres.ts';
import { readStoreContract } from '../read-store.contract.ts';
import type { Query } from '../port.ts';
import { validateQuery } from '../query.ts';
import { migratePostgresReadStore } from './migrate.ts';
import { createPostgresReadStore } from './postgres-read-store.ts';
import { SqlParameters, whereSql } from './sql-query.ts';

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
      expect(rows.map((row) => row.name)).toEqual(['read_store_checkpoints', 'read_store_documents']);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
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

  describe('on a collection of 20 000 documents', () => {
    let pool: pg.Pool;

    beforeAll(async () => {
      pool = new pg.Pool({ connectionString: database.url, max: 1 });
      await migratePostgresReadStore(pool);
      await pool.query(
        `INSERT INTO read_store_documents (collection, id, doc, position)
         SELECT 'large', 'p' || i,
                jsonb_build_object('id', 'p' || i, '_position', '1', 'category', 'c' || (i % 500), 'displayOrder', i,
                                   'name', 'Product ' || i, 'description', repeat('lorem ipsum ', 20)),
                '1'
         FROM generate_series(1, 20000) AS i`,
      );
      await pool.query('VACUUM ANALYZE read_store_documents');
    });
    afterAll(async () => {
      await pool?.end();
    });

    it.each([
      ['equality', { where: { category: 'c7' } }],
      ['$in', { where: { category: { $in: ['c7', 'c8'] } } }],
    ] satisfies [string, Query][])('answers %s through the GIN index', async (_, query) => {
      const { predicates, text } = validateQuery(query);
      const params = new SqlParameters();
      const where = whereSql('large', predicates, text, params);

      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT doc FROM read_store_documents WHERE ${where}`, params.values);

      expect(rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('Bitmap Index Scan on read_store_documents_doc_gin');
    });

    it('finds by equality, sorted by display order', async () => {
      const store = await createPostgresReadStore({ pool });
      const found = await store.collection('large').find({ where: { category: 'c7' }, sort: [{ field: 'displayOrder', direction: 'asc' }], limit: 3 });
      expect(found.map((doc) => doc.id)).toEqual(['p7', 'p507', 'p1007']);
    });
  });
});

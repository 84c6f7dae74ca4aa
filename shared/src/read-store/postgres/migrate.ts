import type pg from 'pg';

/** Any fixed number works; it only has to be the same in every process that migrates this schema. */
const MIGRATION_LOCK_KEY = 7_262_001_042;

/**
 * One table for every collection: a collection is then just a key prefix, so a rebuild can write a
 * fresh collection without DDL and nothing has to splice a table name into SQL.
 *
 * Positions and ids use the "C" collation so comparisons and ORDER BY are plain byte order, whatever
 * the database's locale. Tombstones keep their position but drop the document (`doc` is null).
 * The GIN index (jsonb_path_ops, live rows only) answers equality and `$in`, which the adapter writes
 * as `doc @> ...`; the primary key answers `get`, the position guard and a collection's default order.
 */
const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS read_store_documents (
  collection text COLLATE "C" NOT NULL,
  id text COLLATE "C" NOT NULL,
  doc jsonb,
  position text COLLATE "C" NOT NULL,
  deleted boolean NOT NULL DEFAULT false,
  PRIMARY KEY (collection, id)
);
CREATE INDEX IF NOT EXISTS read_store_documents_doc_gin
  ON read_store_documents USING gin (doc jsonb_path_ops) WHERE NOT deleted;
CREATE TABLE IF NOT EXISTS read_store_checkpoints (
  name text COLLATE "C" PRIMARY KEY,
  position text COLLATE "C" NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;

/**
 * Idempotent. The transaction-scoped advisory lock serialises processes that start together:
 * concurrent `CREATE TABLE IF NOT EXISTS` can otherwise fail on the catalog's unique indexes.
 */
export async function migratePostgresReadStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(SCHEMA_SQL);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      failure = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(failure);
  }
}

import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Any fixed number works; it only has to be the same in every process that creates this schema's tables. */
const SCHEMA_LOCK_KEY = 7_262_001_042;

/**
 * One table per collection, `read_store."<collection>"` (names are validated: a letter, then letters,
 * digits, `_` and `-`, 63 at most, which PostgreSQL takes as an identifier), as MongoDB has one
 * collection per collection: renaming or dropping one is then a catalog change, not a rewrite of its
 * rows, and each collection's indexes hold that collection's documents only.
 *
 * Positions and ids use the "C" collation so comparisons and ORDER BY are plain byte order, whatever
 * the database's locale. Tombstones keep their position but drop the document (`doc` is null).
 * The primary key answers `get`, the position guard and a collection's default order; the fields a
 * collection's readers filter on get a B-tree each (`indexCollectionFields`). There is no index of every
 * value: a GIN index over whole documents kept up row by row, made a rebuild about 75 % slower.
 */
const SCHEMA_SQL = `
CREATE SCHEMA IF NOT EXISTS read_store;
CREATE TABLE IF NOT EXISTS read_store_checkpoints (
  name text COLLATE "C" PRIMARY KEY,
  position text COLLATE "C" NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`;

/** The table of a validated collection name. */
export const collectionTable = (collection: string) => `read_store."${collection}"`;

/**
 * Idempotent. The transaction-scoped advisory lock serialises processes that start together:
 * concurrent `CREATE ... IF NOT EXISTS` can otherwise fail on the catalog's unique indexes.
 * A database from before one table per collection (`read_store_documents`) is moved over once, and
 * the GIN indexes of whole documents that tables had before fields were indexed by name are dropped, and
 * tables made before documents were compressed with lz4 are switched to it.
 */
export async function migratePostgresReadStore(pool: pg.Pool): Promise<void> {
  await underSchemaLock(pool, async (client) => {
    await client.query(SCHEMA_SQL);
    await moveSharedTable(client);
    await dropWholeDocumentIndexes(client);
    await compressDocumentsWithLz4(client);
  });
}

/** Creates the collection's table unless it exists. */
export async function createCollectionTable(pool: pg.Pool, collection: string): Promise<void> {
  await underSchemaLock(pool, (client) => createTableUnlessExists(client, collection));
}

/**
 * Replaces `target`'s table by `source`'s (a catalog change): readers wait for the instant it commits
 * and then read the new table. A source never created leaves no target. The source (a rebuild, filled)
 * is analysed first, outside the lock: its statistics go with it, so the planner knows the new table from
 * the moment readers see it (autovacuum analyses a table only after enough changes and within its naptime,
 * and without statistics on the indexed fields My Orders was planned on `kind` rather than `customerId`).
 */
export async function renameCollectionTable(pool: pg.Pool, source: string, target: string): Promise<void> {
  await analyzeCollectionTable(pool, source);
  await underSchemaLock(pool, async (client) => {
    await client.query(`DROP TABLE IF EXISTS ${collectionTable(target)}`);
    await client.query(`ALTER TABLE IF EXISTS ${collectionTable(source)} RENAME TO "${target}"`);
  });
}

/** Gathers the planner's statistics of the collection's table (its indexed fields' expressions included), if it exists. */
export async function analyzeCollectionTable(queryable: Pick<pg.Pool, 'query'>, collection: string): Promise<void> {
  const { rows } = await queryable.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    collectionTable(collection),
  ]);
  if (rows[0]!.exists) await queryable.query(`ANALYZE ${collectionTable(collection)}`);
}

export async function dropCollectionTable(pool: pg.Pool, collection: string): Promise<void> {
  await underSchemaLock(pool, (client) => client.query(`DROP TABLE IF EXISTS ${collectionTable(collection)}`));
}

async function createTableUnlessExists(client: pg.PoolClient, collection: string): Promise<void> {
  const { rows } = await client.query<{ exists: boolean }>('SELECT to_regclass($1) IS NOT NULL AS exists', [
    collectionTable(collection),
  ]);
  if (rows[0]!.exists) return;
  await client.query(`CREATE TABLE ${collectionTable(collection)} (
    id text COLLATE "C" PRIMARY KEY,
    doc jsonb${(await supportsLz4(client)) ? ' COMPRESSION lz4' : ''},
    position text COLLATE "C" NOT NULL,
    deleted boolean NOT NULL DEFAULT false
  )`);
}

/**
 * A B-tree on `doc #> '{<path>}'` of the live rows for each field path (validated segments: letters,
 * digits and `_`) that has none yet; the adapter writes equality as `doc #> <path> = <value>`, which it
 * answers. An index is named after its table's oid, which a rename keeps and a new table of the same
 * name does not share, and its path: the name says whether it exists.
 *
 * Each such expression also gets an extended statistics object (PostgreSQL 14 and later): the planner never
 * uses the statistics of a partial index's expression, so without one it guessed every field equally selective
 * (0.5 %) and planned My Orders on the `kind` index, reading nearly every order, rather than on `customerId`'s.
 * A table that got an index or a statistics object is analysed at once: the statistics exist from the next
 * ANALYZE only, and autovacuum runs one only after enough changes, within its naptime.
 */
export async function indexCollectionFields(
  pool: pg.Pool,
  collection: string,
  paths: readonly (readonly string[])[],
): Promise<void> {
  await underSchemaLock(pool, async (client) => {
    await createTableUnlessExists(client, collection);
    const { rows } = await client.query<{ oid: string }>('SELECT to_regclass($1)::oid AS oid', [
      collectionTable(collection),
    ]);
    const withStatistics = await supportsExpressionStatistics(client);
    let created = false;
    for (const path of paths) {
      const name = `field_${rows[0]!.oid}_${createHash('sha256').update(path.join('.')).digest('hex').slice(0, 24)}`;
      const expression = `(doc #> '{${path.join(',')}}'::text[])`;
      const { rows: existing } = await client.query<{ index: boolean; statistics: boolean }>(
        `SELECT to_regclass($1) IS NOT NULL AS index,
                EXISTS (SELECT 1 FROM pg_statistic_ext WHERE stxname = $2 AND stxnamespace = 'read_store'::regnamespace) AS statistics`,
        [`read_store.${name}`, `${name}_stats`],
      );
      if (!existing[0]!.index) {
        await client.query(`CREATE INDEX ${name} ON ${collectionTable(collection)} (${expression}) WHERE NOT deleted`);
        created = true;
      }
      if (withStatistics && !existing[0]!.statistics) {
        await client.query(
          `CREATE STATISTICS read_store.${name}_stats ON ${expression} FROM ${collectionTable(collection)}`,
        );
        created = true;
      }
    }
    if (created) await analyzeCollectionTable(client, collection);
  });
}

/** Whether the server takes statistics on a single expression (`CREATE STATISTICS ... ON (expr)`, PostgreSQL 14 and later). */
async function supportsExpressionStatistics(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ version: number }>(
    `SELECT current_setting('server_version_num')::int AS version`,
  );
  return rows[0]!.version >= 140_000;
}

/** The one table every collection shared before: its rows move to their collections' tables, then it goes. */
async function moveSharedTable(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('public.read_store_documents') IS NOT NULL AS exists`,
  );
  if (!rows[0]!.exists) return;
  const { rows: collections } = await client.query<{ collection: string }>(
    'SELECT DISTINCT collection FROM read_store_documents',
  );
  for (const { collection } of collections) {
    await createTableUnlessExists(client, collection);
    await client.query(
      `INSERT INTO ${collectionTable(collection)} (id, doc, position, deleted)
       SELECT id, doc, position, deleted FROM read_store_documents WHERE collection = $1`,
      [collection],
    );
  }
  await client.query('DROP TABLE read_store_documents');
}

async function dropWholeDocumentIndexes(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', index_namespace.nspname, index_class.relname) AS name
     FROM pg_index
     JOIN pg_class index_class ON index_class.oid = pg_index.indexrelid
     JOIN pg_namespace index_namespace ON index_namespace.oid = index_class.relnamespace
     JOIN pg_am ON pg_am.oid = index_class.relam
     WHERE index_namespace.nspname = 'read_store' AND pg_am.amname = 'gin'`,
  );
  for (const { name } of rows) await client.query(`DROP INDEX ${name}`);
}

/**
 * Documents large enough to be compressed (an order with its timeline) are compressed with lz4 where the server
 * has it: a million-event rebuild writes about a gigabyte of JSON, and the default (pglz) made inserting an
 * order desk document half again as costly. Tables made before are switched; values already stored stay as they are.
 */
async function compressDocumentsWithLz4(client: pg.PoolClient): Promise<void> {
  if (!(await supportsLz4(client))) return;
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', nspname, relname) AS name
     FROM pg_attribute JOIN pg_class ON pg_class.oid = attrelid JOIN pg_namespace ON pg_namespace.oid = relnamespace
     WHERE nspname = 'read_store' AND relkind = 'r' AND attname = 'doc' AND attcompression <> 'l'`,
  );
  for (const { name } of rows) await client.query(`ALTER TABLE ${name} ALTER COLUMN doc SET COMPRESSION lz4`);
}

/** Whether the server was built with lz4 (PostgreSQL 14 and later, where the build includes it). */
async function supportsLz4(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ lz4: boolean }>(
    `SELECT coalesce(bool_or('lz4' = ANY(enumvals)), false) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`,
  );
  return rows[0]!.lz4;
}

async function underSchemaLock(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK_KEY]);
    await work(client);
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

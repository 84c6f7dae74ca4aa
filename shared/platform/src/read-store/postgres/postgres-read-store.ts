import { finished } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Position } from '../../event-store/port.ts';
import { createPostgresPool } from '../../postgres-connections.ts';
import { listenOnChannel } from '../../postgres-notifications.ts';
import type { Collection, Query, ReadStore, ReadStoreSession, StoredDocument } from '../port.ts';
import {
  ReadStoreQueryError,
  toStoredJson,
  validateCheckpointName,
  validateCheckpoints,
  validateCollectionIds,
  validateCollectionName,
  validateCollectionWrites,
  validateExpectedCheckpoints,
  validateFieldPath,
  validateId,
  validateIds,
  validatePosition,
  validateQuery,
  validateWrites,
  type ValidatedWrite,
} from '../query.ts';
import {
  analyzeCollectionTable,
  collectionTable,
  createCollectionTable,
  dropCollectionTable,
  indexCollectionFields,
  migratePostgresReadStore,
  renameCollectionTable,
} from './migrate.ts';
import { orderBySql, SqlParameters, whereSql } from './sql-query.ts';

/** The first byte of jsonb's binary input: the format's version, followed by the JSON text. */
const JSONB_BINARY_VERSION = 1;

/** A JSON array of elements, each given as pieces of its text, as jsonb's binary input: measured, then written once. */
function jsonbArrayBytes(elements: readonly (readonly string[])[]): Buffer {
  let size = 1 + 2 + Math.max(elements.length - 1, 0);
  for (const pieces of elements) for (const piece of pieces) size += Buffer.byteLength(piece);
  const bytes = Buffer.allocUnsafe(size);
  let offset = bytes.writeUInt8(JSONB_BINARY_VERSION, 0);
  offset += bytes.write('[', offset);
  for (const [index, pieces] of elements.entries()) {
    if (index > 0) offset += bytes.write(',', offset);
    for (const piece of pieces) offset += bytes.write(piece, offset);
  }
  bytes.write(']', offset);
  return bytes;
}

/** COPY's binary format: its signature, then 32-bit flags and header-extension length (both 0). */
const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Rows of (id text, doc jsonb, position text) in COPY's binary format: per row the field count, then
 * each field's length and bytes (jsonb: its version byte, then the JSON text); -1 ends the data.
 */
function copyRowsBytes(rows: readonly { id: string; json: string; position: string }[]): Buffer {
  let size = COPY_SIGNATURE.length + 8 + 2;
  for (const { id, json, position } of rows)
    size += 2 + 4 * 3 + Buffer.byteLength(id) + 1 + Buffer.byteLength(json) + Buffer.byteLength(position);
  const bytes = Buffer.allocUnsafe(size);
  let offset = COPY_SIGNATURE.copy(bytes, 0);
  offset = bytes.writeInt32BE(0, offset);
  offset = bytes.writeInt32BE(0, offset);
  const field = (text: string, prefix?: number) => {
    const start = offset + 4;
    let end = start;
    if (prefix !== undefined) end = bytes.writeUInt8(prefix, end);
    end += bytes.write(text, end);
    bytes.writeInt32BE(end - start, offset);
    offset = end;
  };
  for (const { id, json, position } of rows) {
    offset = bytes.writeInt16BE(3, offset);
    field(id);
    field(json, JSONB_BINARY_VERSION);
    field(position);
  }
  bytes.writeInt16BE(-1, offset);
  return bytes;
}

export type PostgresReadStoreOptions =
  | { connectionString: string; maxConnections?: number }
  /** A pool owned by the caller: `close()` leaves it open. */
  | { pool: pg.Pool };

interface Queryable {
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
  /** Runs a `COPY ... FROM STDIN` with these bytes as its data; answers the rows copied. */
  copyIn(text: string, bytes: Buffer): Promise<number>;
}

async function copyInOver(client: pg.ClientBase, text: string, bytes: Buffer): Promise<number> {
  const stream = client.query(copyFrom(text));
  stream.end(bytes);
  await finished(stream);
  return stream.rowCount;
}

/** The pool as a Queryable: a COPY takes a connection of its own for its time. */
function poolQueryable(pool: pg.Pool): Queryable {
  return {
    query: (text, values) => pool.query(text, values),
    async copyIn(text, bytes) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await copyInOver(client, text, bytes);
      } catch (error) {
        // A COPY that failed half-way may leave the connection mid-protocol: it is not given back to the pool.
        broken = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

const clientQueryable = (client: pg.ClientBase): Queryable => ({
  query: (text, values) => client.query(text, values),
  copyIn: (text, bytes) => copyInOver(client, text, bytes),
});

/** The channel a write of checkpoints is announced on, when its transaction commits (NOTIFY, no payload). */
export const CHECKPOINTS_MOVED_CHANNEL = 'labshop_checkpoints_moved';

// Part of the statement that writes checkpoints (its WITH runs whatever the SELECT reads): no round trip of its
// own, and delivered when the transaction commits, never before the checkpoints are visible.
const NOTIFY_CHECKPOINTS_MOVED = `pg_notify('${CHECKPOINTS_MOVED_CHANNEL}', '')`;
const ANNOUNCE_CHECKPOINTS_MOVED = `SELECT ${NOTIFY_CHECKPOINTS_MOVED}`;

/**
 * A guarded `writeAcross`'s guard, the WITH part `guard (holds)`: whether every expected checkpoint (their names and
 * positions are two text-array parameters, a null position for one never set) is still as expected, compared while
 * they are held (FOR UPDATE: a transaction writing one is waited for). Unguarded, it simply holds. It also turns
 * synchronous_commit off for the statement's transaction (the read store's reason, at `transaction`).
 */
const guardSql = (expected: { names: string; positions: string } | null) =>
  `guard AS (SELECT ${
    expected === null
      ? 'true'
      : `NOT EXISTS (
           SELECT FROM unnest(${expected.names}::text[], ${expected.positions}::text[]) AS expected (name, position)
           LEFT JOIN (SELECT name, position FROM read_store_checkpoints WHERE name = ANY(${expected.names}::text[])
                      ORDER BY name FOR UPDATE) AS held USING (name)
           WHERE held.position IS DISTINCT FROM expected.position)`
  } AS holds, set_config('synchronous_commit', 'off', true))`;

/** The condition on a guarded `writeAcross`'s rows: its guard holds. */
const WHERE_GUARD_HOLDS = 'WHERE (SELECT holds FROM guard)';

/** Moves checkpoints: their names and positions are two text-array parameters. */
const checkpointsSql = (names: string, positions: string, where = '') =>
  `INSERT INTO read_store_checkpoints (name, position)
   SELECT * FROM unnest(${names}::text[], ${positions}::text[]) ${where}
   ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`;

/**
 * Writes into `table` the writes of a JSON array (the parameter `array`, made by `writesPayload`), each row under
 * the position guard of upsert and delete. (Taking the array apart with jsonb_array_elements costs the server about
 * a third less than jsonb_to_recordset.)
 */
const writesSql = (table: string, array: string, where = '') =>
  `INSERT INTO ${table} AS stored (id, doc, position, deleted)
   SELECT write->>'id', NULLIF(write->'doc', 'null'::jsonb), write->>'position', coalesce(write->'doc' = 'null'::jsonb, true)
   FROM jsonb_array_elements(${array}::jsonb) AS write ${where}
   ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, position = EXCLUDED.position, deleted = EXCLUDED.deleted
   WHERE stored.position < EXCLUDED.position`;

/**
 * The writes as one JSON array, the documents' JSON spliced in as it is (no escaping into SQL array literals: that
 * was most of the cost), sent as the bytes of a binary `jsonb` parameter (a version byte, then the text): a string
 * this long, joined from pieces, is one the driver must flatten and measure before encoding it, which cost more
 * than building it.
 */
const writesPayload = (writes: readonly ValidatedWrite[]) =>
  jsonbArrayBytes(
    writes.map(({ id, position, json }) => [
      `{"id":${JSON.stringify(id)},"position":${JSON.stringify(position)},"doc":`,
      json ?? 'null',
      '}',
    ]),
  );

/** Connects, migrates the schema (safe when several processes start at once) and returns the store. */
export async function createPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const ownsPool = !('pool' in options);
  // A lost connection fails its query; the pool drops that client and the next query connects afresh.
  const pool =
    'pool' in options
      ? options.pool
      : createPostgresPool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  try {
    await migratePostgresReadStore(pool);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  const tables = collectionTables(pool);
  const poolSession = sessionOver(poolQueryable(pool), tables, false);
  const checkpointsMoved = listenOnChannel(
    'pool' in options ? options.pool.options : { connectionString: options.connectionString },
    CHECKPOINTS_MOVED_CHANNEL,
  );

  return {
    ...poolSession.session,
    async transaction(work) {
      const client = await pool.connect();
      const transactionSession = sessionOver(clientQueryable(client), tables, true);
      let brokenConnection: Error | undefined;
      try {
        // Not waiting for the disk at COMMIT (one round trip with the BEGIN): the read store holds only what the log
        // rebuilds, and a transaction a crash loses is lost with the checkpoints it moved, so it is folded again.
        // Others see it at once all the same; the projection runner's batches were waiting for the flush under load.
        await client.query('BEGIN; SET LOCAL synchronous_commit TO off');
        const result = await work(transactionSession.session);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          brokenConnection = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        transactionSession.end();
        client.release(brokenConnection);
      }
    },
    async indexFields(name, fields) {
      const collection = validateCollectionName(name);
      await indexCollectionFields(pool, collection, fields.map(validateFieldPath));
    },
    async analyzeCollection(name) {
      await analyzeCollectionTable(pool, validateCollectionName(name));
    },
    async dropCollection(name) {
      const collection = validateCollectionName(name);
      await dropCollectionTable(pool, collection);
      tables.forget(collection);
    },
    async renameCollection(source, target) {
      const from = validateCollectionName(source);
      const to = validateCollectionName(target);
      if (from === to) return;
      await renameCollectionTable(pool, from, to);
      tables.forget(from);
      tables.forget(to);
    },
    onCheckpointsMoved: (listener) => checkpointsMoved.onNotify(listener),
    async listCheckpoints() {
      const { rows } = await pool.query<{ name: string; position: Position }>(
        'SELECT name, position FROM read_store_checkpoints ORDER BY name',
      );
      return rows;
    },
    async close() {
      poolSession.end();
      await checkpointsMoved.close();
      if (ownsPool) await pool.end();
    },
  };
}

/**
 * The collections whose tables this process knows exist. A table is created on a collection's first
 * use (on the pool, so a transaction that needs one takes a second connection for that moment).
 * Another process may drop or rename one this process knows: the statement then fails with
 * `undefined_table`, and outside a transaction it is created again and the statement retried once;
 * a transaction fails (it cannot go on after an error) and its caller's retry creates the table.
 */
interface CollectionTables {
  use<T>(collections: readonly string[], inTransaction: boolean, work: () => Promise<T>): Promise<T>;
  forget(collection: string): void;
}

const UNDEFINED_TABLE = '42P01';

function collectionTables(pool: pg.Pool): CollectionTables {
  const known = new Map<string, Promise<void>>();
  const forget = (collection: string) => known.delete(collection);
  const ensure = (collection: string) => {
    let created = known.get(collection);
    if (!created) {
      created = createCollectionTable(pool, collection);
      known.set(collection, created);
      created.catch(() => forget(collection));
    }
    return created;
  };
  return {
    forget,
    async use(collections, inTransaction, work) {
      await Promise.all(collections.map(ensure));
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof pg.DatabaseError && error.code === UNDEFINED_TABLE)) throw error;
        collections.forEach(forget);
        if (inTransaction) throw error;
        await Promise.all(collections.map(ensure));
        return work();
      }
    },
  };
}

/**
 * A session bound to one connection (a transaction's) or to the pool. `end()` makes later calls
 * throw, so a session kept past its transaction cannot write on a connection lent to someone else.
 */
function sessionOver(
  connection: Queryable,
  tables: CollectionTables,
  inTransaction: boolean,
): { session: ReadStoreSession; end(): void } {
  let ended = false;
  const whileOpen = <T>(work: () => Promise<T>) =>
    ended
      ? Promise.reject(
          new Error('This read-store session has ended (its transaction finished or the store was closed)'),
        )
      : work();
  const db: Queryable = {
    query: (text, values) => whileOpen(() => connection.query(text, values)),
    copyIn: (text, bytes) => whileOpen(() => connection.copyIn(text, bytes)),
  };
  return {
    end: () => {
      ended = true;
    },
    session: {
      collection: <D extends StoredDocument>(name: string) => {
        const collection = validateCollectionName(name);
        return collectionOver<D>(db, collectionTable(collection), (work) =>
          tables.use([collection], inTransaction, work),
        );
      },
      async getCheckpoint(name) {
        const { rows } = await db.query<{ position: Position }>(
          'SELECT position FROM read_store_checkpoints WHERE name = $1',
          [validateCheckpointName(name)],
        );
        return rows[0]?.position ?? null;
      },
      async setCheckpoint(name, position) {
        await db.query(
          `WITH moved AS (
             INSERT INTO read_store_checkpoints (name, position) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now())
           ${ANNOUNCE_CHECKPOINTS_MOVED}`,
          [validateCheckpointName(name), validatePosition(position)],
        );
      },
      async setCheckpoints(checkpoints) {
        const valid = validateCheckpoints(checkpoints);
        if (valid.length === 0) return;
        await db.query(`WITH moved AS (${checkpointsSql('$1', '$2')}) ${ANNOUNCE_CHECKPOINTS_MOVED}`, [
          valid.map((checkpoint) => checkpoint.name),
          valid.map((checkpoint) => checkpoint.position),
        ]);
      },
      async getAcross(wanted, checkpoints = []) {
        const valid = validateCollectionIds(wanted);
        const names = [...new Set(checkpoints.map(validateCheckpointName))];
        const documents = new Map(valid.map(({ collection }) => [collection, new Map<string, StoredDocument>()]));
        const read = new Map<string, Position | null>(names.map((name) => [name, null]));
        const reads = valid.filter(({ ids }) => ids.length > 0);
        if (reads.length === 0 && names.length === 0) return { documents, checkpoints: read };
        // One statement: a SELECT per collection, and the checkpoints as rows of read -1 (their position as the doc).
        const params = new SqlParameters();
        const parts = reads.map(
          ({ collection, ids }, index) =>
            `SELECT ${index} AS read, id, doc FROM ${collectionTable(collection)} WHERE id = ANY(${params.add(ids)}::text[]) AND NOT deleted`,
        );
        if (names.length > 0)
          parts.push(
            `SELECT -1 AS read, name AS id, to_jsonb(position) AS doc FROM read_store_checkpoints WHERE name = ANY(${params.add(names)}::text[])`,
          );
        const { rows } = await tables.use(
          reads.map(({ collection }) => collection),
          inTransaction,
          () =>
            db.query<{ read: number; id: string; doc: StoredDocument | Position }>(
              parts.join(' UNION ALL '),
              params.values,
            ),
        );
        for (const row of rows)
          if (row.read < 0) read.set(row.id, row.doc as Position);
          else documents.get(reads[row.read]!.collection)!.set(row.id, row.doc as StoredDocument);
        return { documents, checkpoints: read };
      },
      async writeAcross(writes, checkpoints, expected) {
        const collections = validateCollectionWrites(writes).filter((collection) => collection.writes.length > 0);
        const moved = validateCheckpoints(checkpoints);
        const guarded = expected === undefined ? null : validateExpectedCheckpoints(expected);
        // One statement: its data-modifying WITH parts all run, each table once, and commit or fail together.
        const params = new SqlParameters();
        // Each write's rows are selected only when the guard holds, so a guard that fails writes nothing.
        const parts = [
          guardSql(
            guarded && {
              names: params.add(guarded.map(({ name }) => name)),
              positions: params.add(guarded.map(({ position }) => position)),
            },
          ),
          ...collections.map(
            ({ collection, writes: valid }, index) =>
              `w${index} AS (${writesSql(collectionTable(collection), params.add(writesPayload(valid)), WHERE_GUARD_HOLDS)})`,
          ),
        ];
        if (moved.length > 0)
          parts.push(
            `moved AS (${checkpointsSql(
              params.add(moved.map((checkpoint) => checkpoint.name)),
              params.add(moved.map((checkpoint) => checkpoint.position)),
              WHERE_GUARD_HOLDS,
            )})`,
          );
        if (collections.length === 0 && moved.length === 0) return true;
        const text = `WITH ${parts.join(', ')} SELECT holds${
          moved.length > 0 ? `, CASE WHEN holds THEN ${NOTIFY_CHECKPOINTS_MOVED} END` : ''
        } FROM guard`;
        const { rows } = await tables.use(
          collections.map(({ collection }) => collection),
          inTransaction,
          () => db.query<{ holds: boolean }>(text, params.values),
        );
        return rows[0]!.holds;
      },
    },
  };
}

/** `table` is the collection's table, `inTable` runs a statement once that table exists. */
function collectionOver<D extends StoredDocument>(
  db: Queryable,
  table: string,
  inTable: <T>(work: () => Promise<T>) => Promise<T>,
): Collection<D> {
  const query = <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) =>
    inTable(() => db.query<Row>(text, values));
  async function count(spec?: Omit<Query, 'sort' | 'limit' | 'skip'>) {
    const { predicates, text } = validateQuery(spec);
    const params = new SqlParameters();
    const { rows } = await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${table} WHERE ${whereSql(predicates, text, params)}`,
      params.values,
    );
    return rows[0]?.count ?? 0;
  }
  return {
    async get(id) {
      const { rows } = await query<{ doc: D }>(`SELECT doc FROM ${table} WHERE id = $1 AND NOT deleted`, [
        validateId(id),
      ]);
      return rows[0]?.doc ?? null;
    },

    async getMany(ids) {
      const valid = validateIds(ids);
      const found = new Map<string, D>();
      if (valid.length === 0) return found;
      const { rows } = await query<{ id: string; doc: D }>(
        `SELECT id, doc FROM ${table} WHERE id = ANY($1::text[]) AND NOT deleted`,
        [valid],
      );
      for (const row of rows) found.set(row.id, row.doc);
      return found;
    },

    async find(spec?: Query) {
      const { predicates, text, sort, limit, skip } = validateQuery(spec);
      const params = new SqlParameters();
      let sql = `SELECT doc FROM ${table} WHERE ${whereSql(predicates, text, params)} ORDER BY ${orderBySql(sort, params)}`;
      if (limit !== null) sql += ` LIMIT ${params.add(limit)}`;
      if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
      const { rows } = await query<{ doc: D }>(sql, params.values);
      return rows.map((row) => row.doc);
    },

    async findPage(spec?: Query) {
      const { predicates, text, sort, limit, skip } = validateQuery(spec);
      const params = new SqlParameters();
      const where = whereSql(predicates, text, params);
      // The count is a subquery run once beside the page, each with its own plan (the page can stop early on an index).
      let sql = `SELECT doc, (SELECT count(*)::int FROM ${table} WHERE ${where}) AS total FROM ${table} WHERE ${where} ORDER BY ${orderBySql(sort, params)}`;
      if (limit !== null) sql += ` LIMIT ${params.add(limit)}`;
      if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
      const { rows } = await query<{ doc: D; total: number }>(sql, params.values);
      // An empty page carries no count: none match, or the page lies past the last one.
      const total = rows[0]?.total ?? (skip > 0 || limit === 0 ? await count(spec) : 0);
      return { documents: rows.map((row) => row.doc), total };
    },

    count,

    async upsert(doc) {
      const { id, position, json } = toStoredJson(doc);
      const { rowCount } = await query(
        `INSERT INTO ${table} AS stored (id, doc, position, deleted)
         VALUES ($1, $2::jsonb, $3, false)
         ON CONFLICT (id) DO UPDATE SET doc = EXCLUDED.doc, position = EXCLUDED.position, deleted = false
         WHERE stored.position < EXCLUDED.position`,
        [id, json, position],
      );
      return rowCount === 1;
    },

    async delete(id, position) {
      const { rowCount } = await query(
        `INSERT INTO ${table} AS stored (id, doc, position, deleted)
         VALUES ($1, NULL, $2, true)
         ON CONFLICT (id) DO UPDATE SET doc = NULL, position = EXCLUDED.position, deleted = true
         WHERE stored.position < EXCLUDED.position`,
        [validateId(id), validatePosition(position)],
      );
      return rowCount === 1;
    },

    async writeMany(writes) {
      const valid = validateWrites(writes);
      if (valid.length === 0) return 0;
      const { rowCount } = await query(writesSql(table, '$1'), [writesPayload(valid)]);
      return rowCount ?? 0;
    },

    async insertMany(documents) {
      if (!Array.isArray(documents)) throw new ReadStoreQueryError('insertMany needs an array of documents');
      if (documents.length === 0) return 0;
      // COPY in binary: no escaping, and no guard or conflict check for the server to run (the primary key
      // still refuses an id held or given twice, and the whole COPY with it).
      const bytes = copyRowsBytes(documents.map(toStoredJson));
      return inTable(() => db.copyIn(`COPY ${table} (id, doc, position) FROM STDIN (FORMAT binary)`, bytes));
    },
  };
}

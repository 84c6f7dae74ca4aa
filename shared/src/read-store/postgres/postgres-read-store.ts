import pg from 'pg';
import type { Position } from '../../event-store/port.ts';
import type { Collection, Query, ReadStore, ReadStoreSession, StoredDocument } from '../port.ts';
import {
  toStoredJson,
  validateCheckpointName,
  validateCollectionName,
  validateId,
  validatePosition,
  validateQuery,
  validateWrites,
} from '../query.ts';
import { migratePostgresReadStore } from './migrate.ts';
import { orderBySql, SqlParameters, whereSql } from './sql-query.ts';

export type PostgresReadStoreOptions =
  | { connectionString: string; maxConnections?: number }
  /** A pool owned by the caller: `close()` leaves it open. */
  | { pool: pg.Pool };

interface Queryable {
  query<Row extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<Row>>;
}

/** Connects, migrates the schema (safe when several processes start at once) and returns the store. */
export async function createPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const ownsPool = !('pool' in options);
  const pool = 'pool' in options ? options.pool : new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  // A server-side disconnect of an idle client (a restart, a dropped database) surfaces here; the pool
  // drops that client and the next query connects afresh.
  if (ownsPool) pool.on('error', () => undefined);
  try {
    await migratePostgresReadStore(pool);
  } catch (error) {
    if (ownsPool) await pool.end();
    throw error;
  }
  const poolSession = sessionOver(pool);

  return {
    ...poolSession.session,
    async transaction(work) {
      const client = await pool.connect();
      const transactionSession = sessionOver(client);
      let brokenConnection: Error | undefined;
      try {
        await client.query('BEGIN');
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
    async dropCollection(name) {
      await pool.query('DELETE FROM read_store_documents WHERE collection = $1', [validateCollectionName(name)]);
    },
    async renameCollection(source, target) {
      const from = validateCollectionName(source);
      const to = validateCollectionName(target);
      if (from === to) return;
      // One transaction: readers see the old target's rows until it commits, the new ones after.
      const client = await pool.connect();
      let brokenConnection: Error | undefined;
      try {
        await client.query('BEGIN');
        await client.query('DELETE FROM read_store_documents WHERE collection = $1', [to]);
        await client.query('UPDATE read_store_documents SET collection = $2 WHERE collection = $1', [from, to]);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          brokenConnection = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(brokenConnection);
      }
    },
    async listCheckpoints() {
      const { rows } = await pool.query<{ name: string; position: Position }>(
        'SELECT name, position FROM read_store_checkpoints ORDER BY name',
      );
      return rows;
    },
    async close() {
      poolSession.end();
      if (ownsPool) await pool.end();
    },
  };
}

/**
 * A session bound to one connection (a transaction's) or to the pool. `end()` makes later calls
 * throw, so a session kept past its transaction cannot write on a connection lent to someone else.
 */
function sessionOver(connection: Queryable): { session: ReadStoreSession; end(): void } {
  let ended = false;
  const db: Queryable = {
    query(text, values) {
      if (ended) return Promise.reject(new Error('This read-store session has ended (its transaction finished or the store was closed)'));
      return connection.query(text, values);
    },
  };
  return {
    end: () => {
      ended = true;
    },
    session: {
      collection: <D extends StoredDocument>(name: string) => collectionOver<D>(db, validateCollectionName(name)),
      async getCheckpoint(name) {
        const { rows } = await db.query<{ position: Position }>('SELECT position FROM read_store_checkpoints WHERE name = $1', [
          validateCheckpointName(name),
        ]);
        return rows[0]?.position ?? null;
      },
      async setCheckpoint(name, position) {
        await db.query(
          `INSERT INTO read_store_checkpoints (name, position) VALUES ($1, $2)
           ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position, updated_at = now()`,
          [validateCheckpointName(name), validatePosition(position)],
        );
      },
    },
  };
}

function collectionOver<D extends StoredDocument>(db: Queryable, collection: string): Collection<D> {
  return {
    async get(id) {
      const { rows } = await db.query<{ doc: D }>(
        'SELECT doc FROM read_store_documents WHERE collection = $1 AND id = $2 AND NOT deleted',
        [collection, validateId(id)],
      );
      return rows[0]?.doc ?? null;
    },

    async find(query?: Query) {
      const { predicates, text, sort, limit, skip } = validateQuery(query);
      const params = new SqlParameters();
      let sql = `SELECT doc FROM read_store_documents WHERE ${whereSql(collection, predicates, text, params)} ORDER BY ${orderBySql(sort, params)}`;
      if (limit !== null) sql += ` LIMIT ${params.add(limit)}`;
      if (skip > 0) sql += ` OFFSET ${params.add(skip)}`;
      const { rows } = await db.query<{ doc: D }>(sql, params.values);
      return rows.map((row) => row.doc);
    },

    async count(query) {
      const { predicates, text } = validateQuery(query);
      const params = new SqlParameters();
      const { rows } = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM read_store_documents WHERE ${whereSql(collection, predicates, text, params)}`,
        params.values,
      );
      return rows[0]?.count ?? 0;
    },

    async upsert(doc) {
      const { id, position, json } = toStoredJson(doc);
      const { rowCount } = await db.query(
        `INSERT INTO read_store_documents AS stored (collection, id, doc, position, deleted)
         VALUES ($1, $2, $3::jsonb, $4, false)
         ON CONFLICT (collection, id) DO UPDATE SET doc = EXCLUDED.doc, position = EXCLUDED.position, deleted = false
         WHERE stored.position < EXCLUDED.position`,
        [collection, id, json, position],
      );
      return rowCount === 1;
    },

    async delete(id, position) {
      const { rowCount } = await db.query(
        `INSERT INTO read_store_documents AS stored (collection, id, doc, position, deleted)
         VALUES ($1, $2, NULL, $3, true)
         ON CONFLICT (collection, id) DO UPDATE SET doc = NULL, position = EXCLUDED.position, deleted = true
         WHERE stored.position < EXCLUDED.position`,
        [collection, validateId(id), validatePosition(position)],
      );
      return rowCount === 1;
    },

    async writeMany(writes) {
      const valid = validateWrites(writes);
      if (valid.length === 0) return 0;
      // One statement over one JSON array (the documents' JSON spliced in as it is, no escaping into SQL
      // array literals: that was most of the cost); the same guard as upsert/delete, row by row.
      const payload = `[${valid.map(({ id, position, json }) => `{"id":${JSON.stringify(id)},"position":${JSON.stringify(position)},"doc":${json ?? 'null'}}`).join(',')}]`;
      const { rowCount } = await db.query(
        `INSERT INTO read_store_documents AS stored (collection, id, doc, position, deleted)
         SELECT $1, write.id, NULLIF(write.doc, 'null'::jsonb), write.position, coalesce(write.doc = 'null'::jsonb, true)
         FROM jsonb_to_recordset($2::jsonb) AS write(id text, position text, doc jsonb)
         ON CONFLICT (collection, id) DO UPDATE SET doc = EXCLUDED.doc, position = EXCLUDED.position, deleted = EXCLUDED.deleted
         WHERE stored.position < EXCLUDED.position`,
        [collection, payload],
      );
      return rowCount ?? 0;
    },
  };
}

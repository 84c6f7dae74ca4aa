import type pg from 'pg';

/** The unique index that makes a stream's revisions unique: a violation is a lost optimistic race. */
export const STREAM_REVISION_CONSTRAINT = 'events_stream_id_revision_key';

// Serialises concurrent migrations (two processes booting at once would otherwise race on DDL).
const MIGRATION_LOCK_KEY = 7_215_540_317_001;

// One table. A stream's current revision is its highest row; the unique (stream_id, revision) index
// decides optimistic races, so an append is a single INSERT with no revision row to update.
// (The stream table and function of the first version are dropped: the events hold everything.)
const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS events (
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  position bigserial NOT NULL,
  event_id uuid NOT NULL,
  stream_id text NOT NULL,
  revision bigint NOT NULL,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  PRIMARY KEY (transaction_id, position),
  CONSTRAINT ${STREAM_REVISION_CONSTRAINT} UNIQUE (stream_id, revision)
);
DROP FUNCTION IF EXISTS append_to_stream(text, text, jsonb);
DROP TABLE IF EXISTS event_streams;
`;

/** Creates the event store's table; idempotent and safe to run from several processes at once. */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let brokenConnection: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    // A connection that cannot even roll back is lost: released with the error, the pool discards it.
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      brokenConnection = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(brokenConnection);
  }
}

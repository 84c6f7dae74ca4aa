import type pg from 'pg';

/** SQLSTATE raised by `append_to_stream` when the expected revision does not match; DETAIL holds the actual one. */
export const WRONG_EXPECTED_REVISION_SQLSTATE = 'LS409';

// Serialises concurrent migrations (two processes booting at once would otherwise race on
// CREATE OR REPLACE FUNCTION and fail with "tuple concurrently updated").
const MIGRATION_LOCK_KEY = 7_215_540_317_001;

const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS event_streams (
  stream_id text PRIMARY KEY,
  revision bigint NOT NULL
);

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
  UNIQUE (stream_id, revision)
);

CREATE OR REPLACE FUNCTION append_to_stream(p_stream text, p_expected text, p_events jsonb)
RETURNS TABLE (appended_revision bigint, appended_transaction_id xid8, appended_position bigint)
LANGUAGE plpgsql AS $$
DECLARE
  event_count integer := jsonb_array_length(p_events);
  -- Revision of the stream's last event before this append; -1 for a new stream.
  previous_revision bigint;
  actual_revision bigint;
BEGIN
  IF p_expected = 'any' THEN
    INSERT INTO event_streams AS s (stream_id, revision) VALUES (p_stream, event_count - 1)
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + event_count
    RETURNING s.revision - event_count INTO previous_revision;
  ELSIF p_expected = 'no_stream' THEN
    INSERT INTO event_streams (stream_id, revision) VALUES (p_stream, event_count - 1)
    ON CONFLICT (stream_id) DO NOTHING;
    previous_revision := -1;
  ELSIF p_expected = 'exists' THEN
    UPDATE event_streams SET revision = revision + event_count WHERE stream_id = p_stream
    RETURNING revision - event_count INTO previous_revision;
  ELSE
    -- Under READ COMMITTED a concurrent writer's UPDATE waits for ours, then re-checks the
    -- revision against the committed row and finds no match: exactly one of them wins.
    UPDATE event_streams SET revision = revision + event_count
    WHERE stream_id = p_stream AND revision = p_expected::bigint;
    previous_revision := p_expected::bigint;
  END IF;

  IF NOT FOUND THEN
    SELECT revision INTO actual_revision FROM event_streams WHERE stream_id = p_stream;
    RAISE EXCEPTION USING
      ERRCODE = '${WRONG_EXPECTED_REVISION_SQLSTATE}',
      MESSAGE = format('wrong expected revision %s for stream %s', p_expected, p_stream),
      DETAIL = coalesce(actual_revision::text, 'no_stream');
  END IF;

  RETURN QUERY
  WITH inserted AS (
    INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
    SELECT (e.event->>'id')::uuid, p_stream, previous_revision + e.ordinal, e.event->>'type', e.event->'data', e.event->'metadata'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(event, ordinal)
    ORDER BY e.ordinal
    RETURNING events.revision, events.position
  )
  SELECT max(inserted.revision), pg_current_xact_id(), max(inserted.position) FROM inserted;
END
$$;
`;

/** Creates the event store's tables and append function; idempotent and safe to run from several processes at once. */
export async function migrateEventStore(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(SCHEMA);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

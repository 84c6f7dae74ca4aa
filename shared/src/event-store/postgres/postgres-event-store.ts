import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  START,
  WrongExpectedRevision,
  type AppendResult,
  type BatchHandler,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../port.ts';
import { startPollingSubscription, type Page, type PollingSubscription } from './polling-subscription.ts';
import { decodePosition, encodePosition } from './position.ts';
import { migrateEventStore, WRONG_EXPECTED_REVISION_SQLSTATE } from './schema.ts';

export type PostgresEventStoreOptions = ({ connectionString: string; maxConnections?: number } | { pool: pg.Pool }) & {
  /** How often an idle subscription looks for new events (default 50 ms). */
  pollIntervalMs?: number;
  /** Rows read per query by readStream/readAll, and the default subscription batch size (default 500). */
  pageSize?: number;
};

export interface PostgresEventStore extends EventStore {
  /** Creates the tables and the append function (idempotent). */
  migrate(): Promise<void>;
}

interface EventRow {
  transaction_id: string;
  position: string;
  event_id: string;
  stream_id: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const EVENT_COLUMNS = 'transaction_id::text, position, event_id, stream_id, revision, type, data, metadata';

// Only rows written by transactions older than every transaction still running are read: no
// transaction can later commit a row below that horizon, so a reader never skips an event.
const READ_ALL_SQL = /* sql */ `
  WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS transaction_id)
  SELECT horizon.transaction_id::text AS horizon, page.*
  FROM horizon LEFT JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
    WHERE events.transaction_id < horizon.transaction_id
      AND (events.transaction_id, events.position) > ($1::xid8, $2::bigint)
      AND ($3::text[] IS NULL OR events.type = ANY($3::text[]))
    ORDER BY events.transaction_id, events.position
    LIMIT $4
  ) page ON true`;

const READ_STREAM_SQL = /* sql */ `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND revision >= $2 AND revision <= $3
    AND ($4::timestamptz IS NULL OR (metadata->>'occurredAt')::timestamptz <= $4::timestamptz)
  ORDER BY revision
  LIMIT $5`;

const HEAD_SQL = /* sql */ `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY transaction_id DESC, position DESC
  LIMIT 1`;

const NO_UPPER_REVISION = '9223372036854775807';

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const ownsPool = !('pool' in options);
  const pool = 'pool' in options ? options.pool : new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  // A server-side disconnect of an idle client surfaces here; the pool drops that client and the
  // next query connects afresh, so there is nothing else to do with it.
  if (ownsPool) pool.on('error', () => undefined);
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  const pageSize = options.pageSize ?? 500;
  const subscriptions = new Set<PollingSubscription>();

  async function readAllPage(cursor: Position, types: readonly string[] | undefined, limit: number): Promise<Page> {
    const after = decodePosition(cursor);
    const { rows } = await pool.query<Partial<EventRow> & { horizon: string }>(READ_ALL_SQL, [
      after.transactionId,
      after.sequence,
      types ? [...types] : null,
      limit,
    ]);
    const events = rows.filter((row): row is EventRow & { horizon: string } => row.event_id != null).map(toRecordedEvent);
    const full = events.length === limit;
    const last = events.at(-1);
    // When the page is not full, every matching row below the horizon has been seen, so the next
    // read may start at the horizon itself; this matters with a types filter over a busy log.
    const horizon = rows[0]?.horizon;
    const nextCursor = !full && horizon != null ? encodePosition({ transactionId: horizon, sequence: '0' }) : (last?.position ?? cursor);
    return { events, nextCursor: maxPosition(nextCursor, cursor), full };
  }

  return {
    migrate: () => migrateEventStore(pool),

    async append(stream: string, events: readonly NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
      if (events.length === 0) throw new RangeError(`append to ${stream}: at least one event is required`);
      assertExpectedRevision(expectedRevision);
      const payload = JSON.stringify(events.map((event) => ({ id: event.id ?? randomUUID(), type: event.type, data: event.data, metadata: event.metadata })));
      try {
        const { rows } = await pool.query<{ appended_revision: string; appended_transaction_id: string; appended_position: string }>({
          name: 'append_to_stream',
          text: 'SELECT appended_revision, appended_transaction_id::text, appended_position FROM append_to_stream($1, $2, $3::jsonb)',
          values: [stream, String(expectedRevision), payload],
        });
        const row = rows[0]!;
        for (const subscription of subscriptions) subscription.wake();
        return {
          nextRevision: Number(row.appended_revision),
          position: encodePosition({ transactionId: row.appended_transaction_id, sequence: row.appended_position }),
        };
      } catch (error) {
        if (error instanceof pg.DatabaseError && error.code === WRONG_EXPECTED_REVISION_SQLSTATE) {
          const actual = error.detail === 'no_stream' ? 'no_stream' : Number(error.detail);
          throw new WrongExpectedRevision(stream, expectedRevision, actual);
        }
        throw error;
      }
    },

    async *readStream(stream: string, { fromRevision = 0, toRevision, until }: ReadStreamOptions = {}): AsyncIterable<RecordedEvent> {
      let next = fromRevision;
      const upper = toRevision === undefined ? NO_UPPER_REVISION : String(toRevision);
      while (true) {
        const { rows } = await pool.query<EventRow>(READ_STREAM_SQL, [stream, next, upper, until?.toISOString() ?? null, pageSize]);
        for (const row of rows) yield toRecordedEvent(row);
        const last = rows.at(-1);
        if (rows.length < pageSize || !last) return;
        next = Number(last.revision) + 1;
      }
    },

    async *readAll({ after = START, types, limit = Number.POSITIVE_INFINITY }: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
      let cursor = after;
      let remaining = limit;
      while (remaining > 0) {
        const page = await readAllPage(cursor, types, Math.min(pageSize, remaining));
        for (const event of page.events) yield event;
        if (!page.full) return;
        remaining -= page.events.length;
        cursor = page.nextCursor;
      }
    },

    subscribe({ after = START, types, maxBatchSize = pageSize }: SubscribeOptions, handler: BatchHandler): Subscription {
      decodePosition(after); // a malformed checkpoint fails here, not later inside the polling loop
      const subscription = startPollingSubscription({
        after,
        readPage: (cursor) => readAllPage(cursor, types, maxBatchSize),
        handler,
        pollIntervalMs,
        isTransient: isTransientDatabaseError,
      });
      subscriptions.add(subscription);
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return { done: subscription.done, stop: () => subscription.stop() };
    },

    async headPosition(): Promise<Position> {
      const { rows } = await pool.query<EventRow>(HEAD_SQL);
      const row = rows[0];
      return row ? encodePosition({ transactionId: row.transaction_id, sequence: row.position }) : START;
    },

    async close(): Promise<void> {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      if (ownsPool) await pool.end();
    },
  };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    stream: row.stream_id,
    revision: Number(row.revision),
    position: encodePosition({ transactionId: row.transaction_id, sequence: row.position }),
    data: row.data,
    metadata: row.metadata,
  };
}

function maxPosition(a: Position, b: Position): Position {
  return a > b ? a : b;
}

function assertExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new RangeError(`expectedRevision must be a non-negative integer, got ${expected}`);
  }
}

/** Connection-level failures (server restart, network, too many connections) are worth retrying; SQL and programming errors are not. */
function isTransientDatabaseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return /^(08|53|57P)/.test(code) || /^E[A-Z]+$/.test(code);
  return /Connection terminated|timeout exceeded when trying to connect/.test(error.message);
}

import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createPostgresPool } from '../../postgres-connections.ts';
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
import { coalescedNotifier, listenOnChannel } from '../../postgres-notifications.ts';
import { startWokenSubscription, type Page, type WokenSubscription } from './woken-subscription.ts';
import { decodePosition, encodePosition } from './position.ts';
import { migrateEventStore, STREAM_REVISION_CONSTRAINT } from './schema.ts';

export type PostgresEventStoreOptions = ({ connectionString: string; maxConnections?: number } | { pool: pg.Pool }) & {
  /** How soon a subscription looks again for events held back behind a transaction still running (default 50 ms). */
  heldBackRetryMs?: number;
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

// Only rows written by transactions older than every transaction still running in this database are
// read: no transaction can later commit a row below that horizon, so a reader never skips an event.
// Transaction ids are the cluster's, so the snapshot also lists other databases' running transactions;
// those can never write this events table, and leaving them out keeps a long transaction elsewhere (or
// a parallel test's database) from holding every reader back. A transaction that ended since the
// snapshot is no longer in pg_stat_activity and so still holds the horizon back: never too far ahead,
// but then behind an earlier statement's. A horizon once computed stays safe (transaction ids only grow),
// so $1 is the highest this store has computed, and the horizon never moves back: what headPosition
// showed, the next read returns.
const HORIZON = /* sql */ `greatest($1::xid8, coalesce(
  (SELECT min(running) FROM pg_snapshot_xip(pg_current_snapshot()) AS running
    WHERE (running::text::bigint % 4294967296)::text::xid NOT IN (
      SELECT backend_xid FROM pg_stat_activity WHERE datname IS DISTINCT FROM current_database() AND backend_xid IS NOT NULL)),
  pg_snapshot_xmax(pg_current_snapshot())))`;

// held_back: committed events at or past the horizon, readable once the older transactions end. Asked as "is the
// newest event's transaction at or past it" (one step down the primary key from its end): an EXISTS over a range
// whose bound the generic plan cannot see was planned as a scan of the table, every event read per page.
const READ_ALL_SQL = /* sql */ `
  WITH horizon AS (SELECT ${HORIZON} AS transaction_id)
  SELECT horizon.transaction_id::text AS horizon,
    coalesce((SELECT newest.transaction_id FROM events AS newest ORDER BY newest.transaction_id DESC, newest.position DESC LIMIT 1) >= horizon.transaction_id, false) AS held_back, page.*
  FROM horizon LEFT JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
    WHERE events.transaction_id < horizon.transaction_id
      AND (events.transaction_id, events.position) > ($2::xid8, $3::bigint)
      AND ($4::text[] IS NULL OR events.type = ANY($4::text[]))
    ORDER BY events.transaction_id, events.position
    LIMIT $5
  ) page ON true`;

const READ_STREAM_SQL = /* sql */ `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE stream_id = $1 AND revision >= $2 AND revision <= $3
    AND ($4::timestamptz IS NULL OR (metadata->>'occurredAt')::timestamptz <= $4::timestamptz)
  ORDER BY revision
  LIMIT $5`;

const HEAD_SQL = /* sql */ `
  WITH horizon AS (SELECT ${HORIZON} AS transaction_id)
  SELECT horizon.transaction_id::text AS horizon, head.* FROM horizon LEFT JOIN LATERAL (
    SELECT ${EVENT_COLUMNS} FROM events
    WHERE events.transaction_id < horizon.transaction_id
    ORDER BY events.transaction_id DESC, events.position DESC
    LIMIT 1
  ) head ON true`;

// The next transaction id not yet handed out, and the last sequence value any append drew.
const HORIZON_SQL = /* sql */ `
  SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next_transaction, (SELECT last_value FROM events_position_seq)::text AS last_sequence`;

const NO_UPPER_REVISION = '9223372036854775807';

const NEW_EVENTS = /* sql */ `jsonb_array_elements($3::jsonb) WITH ORDINALITY AS new_event(event, ordinal)`;
const INSERT_EVENTS = /* sql */ `INSERT INTO events (event_id, stream_id, revision, type, data, metadata)`;
const NEW_EVENT_COLUMNS = /* sql */ `(new_event.event->>'id')::uuid, $1, base.revision + new_event.ordinal, new_event.event->>'type', new_event.event->'data', new_event.event->'metadata'`;

// $2 is the expected revision (-1 for no stream yet): the stream must have exactly that many events.
const APPEND_AT_REVISION_SQL = /* sql */ `
  ${INSERT_EVENTS}
  SELECT ${NEW_EVENT_COLUMNS}
  FROM (SELECT $2::bigint AS revision) base, ${NEW_EVENTS}
  WHERE base.revision < 0 OR EXISTS (SELECT 1 FROM events WHERE stream_id = $1 AND revision = base.revision)
  ORDER BY new_event.ordinal
  RETURNING revision, transaction_id::text, position`;

// After whatever the stream holds now; with $2 (exists) only if it holds something.
const APPEND_AT_HEAD_SQL = /* sql */ `
  ${INSERT_EVENTS}
  SELECT ${NEW_EVENT_COLUMNS}
  FROM (SELECT coalesce(max(revision), -1) AS revision FROM events WHERE stream_id = $1) base, ${NEW_EVENTS}
  WHERE NOT $2::boolean OR base.revision >= 0
  ORDER BY new_event.ordinal
  RETURNING revision, transaction_id::text, position`;

/** The channel an append is announced on (NOTIFY, with the appending store's id), to subscriptions in other processes. */
export const EVENTS_APPENDED_CHANNEL = 'labshop_events_appended';

const UNIQUE_VIOLATION = '23505';
/** Appends with 'any' or 'exists' retry a lost race this often before reporting it. */
const MAX_UNCONDITIONAL_ATTEMPTS = 25;

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const ownsPool = !('pool' in options);
  // A lost connection fails its query; the pool drops that client and the next query connects afresh.
  const pool =
    'pool' in options
      ? options.pool
      : createPostgresPool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  const heldBackRetryMs = options.heldBackRetryMs ?? 50;
  const pageSize = options.pageSize ?? 500;
  const subscriptions = new Set<WokenSubscription>();
  const horizon = knownHorizon();
  const readable = readHorizon();
  // Subscriptions sleep until an append wakes them: one through this store directly, one through another store (another
  // process) by NOTIFY, heard on a connection of this store's own (opened with the first subscription). The NOTIFY names
  // the store that appended, so this store's subscriptions skip its own: they were woken already, and the echo would
  // make each of them read the log again for nothing.
  const storeId = randomUUID();
  const announceAppend = coalescedNotifier(pool, EVENTS_APPENDED_CHANNEL, storeId);
  const appended = listenOnChannel(
    'pool' in options ? options.pool.options : { connectionString: options.connectionString },
    EVENTS_APPENDED_CHANNEL,
  );
  let listening = false;

  /** New events may be there (or, after a reconnection, may have been missed): every subscription looks. */
  function wakeSubscriptions() {
    for (const subscription of subscriptions) subscription.wake();
  }

  async function readAllPage(cursor: Position, types: readonly string[] | undefined, limit: number): Promise<Page> {
    const after = decodePosition(cursor);
    // Named, so each connection plans it once: planning this query (the horizon's subqueries) took longer
    // than running it, and a rebuild or a busy subscription runs it once per page.
    const { rows } = await pool.query<Partial<EventRow> & { horizon: string; held_back: boolean }>({
      name: 'read_all_page',
      text: READ_ALL_SQL,
      values: [readable.horizon(), after.transactionId, after.sequence, types ? [...types] : null, limit],
    });
    readable.saw(rows[0]!.horizon);
    const events = rows
      .filter((row): row is EventRow & { horizon: string; held_back: boolean } => row.event_id != null)
      .map(toRecordedEvent);
    const full = events.length === limit;
    const last = events.at(-1);
    // When the page is not full, every matching row below the horizon has been seen, so the next
    // read may start at the horizon itself; this matters with a types filter over a busy log.
    const horizon = rows[0]?.horizon;
    const nextCursor =
      !full && horizon != null ? encodePosition({ transactionId: horizon, sequence: '0' }) : (last?.position ?? cursor);
    return { events, nextCursor: maxPosition(nextCursor, cursor), full, heldBack: rows[0]?.held_back ?? false };
  }

  /**
   * One INSERT: the new events take the revisions after the expected one. The unique (stream, revision)
   * index refuses them if the stream has moved on; the EXISTS guard if it has not got that far.
   */
  async function insertEvents(stream: string, expected: ExpectedRevision, payload: string) {
    const query =
      typeof expected === 'number' || expected === 'no_stream'
        ? {
            name: 'append_at_revision',
            text: APPEND_AT_REVISION_SQL,
            values: [stream, expected === 'no_stream' ? -1 : expected, payload],
          }
        : { name: 'append_at_head', text: APPEND_AT_HEAD_SQL, values: [stream, expected === 'exists', payload] };
    const { rows } = await pool.query<{ revision: string; transaction_id: string; position: string }>(query);
    return rows;
  }

  async function currentRevision(stream: string): Promise<number | 'no_stream'> {
    const { rows } = await pool.query<{ revision: string | null }>(
      'SELECT max(revision) AS revision FROM events WHERE stream_id = $1',
      [stream],
    );
    const revision = rows[0]?.revision;
    return revision == null ? 'no_stream' : Number(revision);
  }

  return {
    migrate: () => migrateEventStore(pool),

    async append(
      stream: string,
      events: readonly NewEvent[],
      { expectedRevision }: { expectedRevision: ExpectedRevision },
    ): Promise<AppendResult> {
      if (events.length === 0) throw new RangeError(`append to ${stream}: at least one event is required`);
      assertExpectedRevision(expectedRevision);
      const payload = JSON.stringify(
        events.map((event) => ({
          id: event.id ?? randomUUID(),
          type: event.type,
          data: event.data,
          metadata: event.metadata,
        })),
      );
      for (let attempt = 1; ; attempt++) {
        try {
          const rows = await insertEvents(stream, expectedRevision, payload);
          const last = rows.at(-1);
          if (!last) throw new WrongExpectedRevision(stream, expectedRevision, await currentRevision(stream));
          wakeSubscriptions();
          announceAppend.notify();
          horizon.sawCommitted(last.transaction_id, last.position);
          return {
            nextRevision: Number(last.revision),
            position: encodePosition({ transactionId: last.transaction_id, sequence: last.position }),
          };
        } catch (error) {
          const lostRace =
            error instanceof pg.DatabaseError &&
            error.code === UNIQUE_VIOLATION &&
            error.constraint === STREAM_REVISION_CONSTRAINT;
          if (!lostRace) throw error;
          // 'any' and 'exists' asked for no particular revision: another writer got there first, so go again after it.
          if (
            typeof expectedRevision !== 'number' &&
            expectedRevision !== 'no_stream' &&
            attempt < MAX_UNCONDITIONAL_ATTEMPTS
          )
            continue;
          throw new WrongExpectedRevision(stream, expectedRevision, await currentRevision(stream));
        }
      }
    },

    async *readStream(
      stream: string,
      { fromRevision = 0, toRevision, until }: ReadStreamOptions = {},
    ): AsyncIterable<RecordedEvent> {
      let next = fromRevision;
      const upper = toRevision === undefined ? NO_UPPER_REVISION : String(toRevision);
      while (true) {
        const { rows } = await pool.query<EventRow>(READ_STREAM_SQL, [
          stream,
          next,
          upper,
          until?.toISOString() ?? null,
          pageSize,
        ]);
        for (const row of rows) yield toRecordedEvent(row);
        const last = rows.at(-1);
        if (rows.length < pageSize || !last) return;
        next = Number(last.revision) + 1;
      }
    },

    async *readAll({
      after = START,
      types,
      limit = Number.POSITIVE_INFINITY,
    }: ReadAllOptions = {}): AsyncIterable<RecordedEvent> {
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

    subscribe(
      { after = START, types, maxBatchSize = pageSize }: SubscribeOptions,
      handler: BatchHandler,
    ): Subscription {
      decodePosition(after); // a malformed checkpoint fails here, not later inside the reading loop
      const subscription = startWokenSubscription({
        after,
        readPage: (cursor) => readAllPage(cursor, types, maxBatchSize),
        handler,
        heldBackRetryMs,
        isTransient: isTransientDatabaseError,
      });
      subscriptions.add(subscription);
      if (!listening) {
        listening = true;
        appended.onNotify((appendedBy) => {
          if (appendedBy !== storeId) wakeSubscriptions();
        });
      }
      const forget = () => subscriptions.delete(subscription);
      subscription.done.then(forget, forget);
      return { done: subscription.done, stop: () => subscription.stop() };
    },

    async headPosition(): Promise<Position> {
      const { rows } = await pool.query<Partial<EventRow> & { horizon: string }>(HEAD_SQL, [readable.horizon()]);
      const row = rows[0]!;
      readable.saw(row.horizon);
      return row.transaction_id != null && row.position != null
        ? encodePosition({ transactionId: row.transaction_id, sequence: row.position })
        : START;
    },

    async checkPosition(position: Position) {
      let decoded;
      try {
        decoded = decodePosition(position);
      } catch {
        return 'malformed' as const;
      }
      // Within what this store has already seen (its own appends, an earlier horizon): no statement.
      if (horizon.covers(decoded)) return 'possible' as const;
      const { rows } = await pool.query<{ next_transaction: string; last_sequence: string }>(HORIZON_SQL);
      horizon.saw(BigInt(rows[0]!.next_transaction), BigInt(rows[0]!.last_sequence));
      return horizon.covers(decoded) ? ('possible' as const) : ('beyond' as const);
    },

    async close(): Promise<void> {
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await appended.close();
      await announceAppend.settled();
      if (ownsPool) await pool.end();
    },
  };
}

/**
 * The furthest horizon this store has seen: the next transaction id not yet handed out and the last sequence
 * value drawn. Both only grow, so a position below what was seen once is possible for good, and checkPosition
 * answers it from memory: a position this process appended (the command API's answer, read back by the query
 * API of the same process) costs no statement.
 */
function knownHorizon() {
  let nextTransaction = 0n;
  let lastSequence = 0n;
  return {
    saw(transaction: bigint, sequence: bigint) {
      if (transaction > nextTransaction) nextTransaction = transaction;
      if (sequence > lastSequence) lastSequence = sequence;
    },
    /** An append committed at (transaction, sequence): its transaction id was handed out, its sequence drawn. */
    sawCommitted(transactionId: string, sequence: string) {
      this.saw(BigInt(transactionId) + 1n, BigInt(sequence));
    },
    covers({ transactionId, sequence }: { transactionId: string; sequence: string }) {
      return BigInt(transactionId) < nextTransaction && BigInt(sequence) <= lastSequence;
    },
  };
}

/** The highest read horizon this store has computed: every event below it is committed for good. */
function readHorizon() {
  let highest = 0n;
  return {
    horizon: () => highest.toString(),
    saw(transactionId: string) {
      const seen = BigInt(transactionId);
      if (seen > highest) highest = seen;
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

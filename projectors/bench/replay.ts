/**
 * Replay throughput on a fresh PostgreSQL database: generates BENCH_EVENTS (default 1 000 000) events of
 * a shop's history (carts, orders and their fulfilment and invoices, catalogue edits; see
 * projectors/src/testing/shop-history.ts) and bulk-inserts them, then measures in the same run:
 * - the baseline: a bare keyset-paged `SELECT` of the events table (same driver, same row parsing);
 * - the event store port's `readAll` over the same log;
 * - a full rebuild of every read model (`rebuildProjections`, what `npm run rebuild` runs), swap included;
 * - the finance ledger replay (`replayLedger`, shared/platform/src/finance/replay-ledger.ts): it reads only the
 *   ledger's event types (orders, payments, invoices, quotes), so its rate counts those.
 * Prints events/s and the ratio to the baseline. Run: `npm run bench:replay` (BENCH_KEEP_DB=1 keeps the database,
 * BENCH_DATABASE_URL=<its url> measures it again without generating).
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createPostgresPool } from '@labshop/platform/postgres-connections';
import type { Position, RecordedEvent } from '@labshop/platform/event-store/port';
import { replayLedger } from '@labshop/platform/finance/replay-ledger';
import { openStores } from '@labshop/platform/stores';
import { createTestDatabase } from '@labshop/platform/testing/postgres';
import { projections } from '../src/index.ts';
import { createProgressBar, estimateFraction } from '../src/rebuild/progress.ts';
import { rebuildProjections } from '../src/rebuild/rebuild.ts';
import { shopHistory, type HistoryAppend } from '../src/testing/shop-history.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const TARGET_EVENTS_PER_SECOND = 20_000;
const INSERT_CHUNK = 5_000;
const SELECT_PAGE = 2_000;

interface Row {
  label: string;
  events: number;
  seconds: number;
}

/** BENCH_DATABASE_URL: a database a previous run kept (BENCH_KEEP_DB=1), measured again without generating. */
const reused = process.env.BENCH_DATABASE_URL;
const database = reused
  ? { url: reused, drop: async () => undefined }
  : await createTestDatabase('labshop_bench_replay');
const stores = await openStores({ DATABASE_URL: database.url });
const pool = createPostgresPool({ connectionString: database.url, max: 2 });
const rows: Row[] = [];
try {
  const inserted = reused
    ? (await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events')).rows[0]!.count
    : await time(`insert ${EVENTS.toLocaleString('en-US')} generated events`, () =>
        bulkInsert(pool, shopHistory(EVENTS, 2026)),
      );
  await pool.query('VACUUM ANALYZE events');
  await untilVisible(inserted);
  const { rows: types } = await pool.query<{ type: string; count: number }>(
    'SELECT type, count(*)::int AS count FROM events GROUP BY type ORDER BY count DESC',
  );
  console.log(
    `${inserted.toLocaleString('en-US')} events: ${types.map(({ type, count }) => `${type} ${count}`).join(', ')}`,
  );

  rows.push(await measure('bare SELECT of the events table (baseline)', () => bareSelect(pool)));
  rows.push(await measure('event store readAll (the port)', () => readThroughPort()));
  rows.push(await measure(`rebuild of every read model (${projections.length}), swap included`, () => rebuildAll()));
  const { rows: latest } = await pool.query<{ at: Date }>(
    `SELECT max((metadata->>'occurredAt')::timestamptz) AS at FROM events`,
  );
  rows.push(
    await measure('finance ledger replay (replayLedger; its event types only)', () => replayWholeLedger(latest[0]!.at)),
  );

  printTable(rows);
} finally {
  await pool.end();
  await stores.close();
  if (process.env.BENCH_KEEP_DB || reused) console.log(`kept ${database.url}`);
  else await database.drop();
}

/** Inserts the history in chunks of one multi-row INSERT per transaction, revisions counted per stream. */
async function bulkInsert(db: pg.Pool, history: Iterable<HistoryAppend>): Promise<number> {
  const revisions = new Map<string, number>();
  let chunk: { id: string; stream: string; revision: number; type: string; data: string; metadata: string }[] = [];
  let total = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await db.query(
      `INSERT INTO events (event_id, stream_id, revision, type, data, metadata)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::text[]::jsonb[], $6::text[]::jsonb[])`,
      [
        chunk.map((e) => e.id),
        chunk.map((e) => e.stream),
        chunk.map((e) => e.revision),
        chunk.map((e) => e.type),
        chunk.map((e) => e.data),
        chunk.map((e) => e.metadata),
      ],
    );
    total += chunk.length;
    chunk = [];
  };
  for (const { stream, events } of history) {
    for (const event of events) {
      const revision = (revisions.get(stream) ?? -1) + 1;
      revisions.set(stream, revision);
      chunk.push({
        id: event.id ?? randomUUID(),
        stream,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
      });
    }
    if (chunk.length >= INSERT_CHUNK) await flush();
  }
  await flush();
  return total;
}

/** Keyset-paged reads of every column in log order, rows parsed by the driver as the adapter's are. */
async function bareSelect(db: pg.Pool): Promise<number> {
  let read = 0;
  let after: { transactionId: string; position: string } = { transactionId: '0', position: '0' };
  for (;;) {
    const { rows: page } = await db.query<{ transaction_id: string; position: string }>(
      `SELECT transaction_id::text, position, event_id, stream_id, revision, type, data, metadata FROM events
       WHERE (events.transaction_id, events.position) > ($1::xid8, $2::bigint) ORDER BY events.transaction_id, events.position LIMIT $3`,
      [after.transactionId, after.position, SELECT_PAGE],
    );
    read += page.length;
    const last = page.at(-1);
    if (!last || page.length < SELECT_PAGE) return read;
    after = { transactionId: last.transaction_id, position: last.position };
  }
}

async function readThroughPort(): Promise<number> {
  let read = 0;
  let last: RecordedEvent | undefined;
  for await (const event of stores.eventStore.readAll()) {
    read++;
    last = event;
  }
  if (!last) throw new Error('no events read');
  return read;
}

async function rebuildAll(): Promise<number> {
  const bar = createProgressBar('rebuild');
  let events = 0;
  let fraction = 0;
  await rebuildProjections({
    ...stores,
    projections,
    onProgress: ({
      read,
      position,
      first,
      head,
    }: {
      read: number;
      position: Position;
      first: Position;
      head: Position;
    }) => {
      events += read;
      fraction = estimateFraction(position, first, head);
      bar.update({ events, fraction });
    },
  });
  bar.done({ events, fraction: 1 });
  return events;
}

/** The whole ledger (as of the last event's time, so the bar's fraction means something), replayed from the event store: its events read, for the rate. */
async function replayWholeLedger(asOf: Date): Promise<number> {
  const bar = createProgressBar('ledger ');
  let read = 0;
  await replayLedger(stores.eventStore, asOf, ({ events, fraction, done }) => {
    read = events;
    if (done) bar.done({ events, fraction });
    else bar.update({ events, fraction });
  });
  return read;
}

/**
 * Readers of the port see an event once every older transaction in the cluster has ended (the event
 * store's horizon): on a shared server another session's open transaction can hold the last chunks back.
 */
async function untilVisible(count: number): Promise<void> {
  for (let waited = 0; ; waited += 200) {
    const { rows: visible } = await pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM events WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())',
    );
    if (visible[0]!.count >= count) return;
    if (waited === 0)
      console.log('waiting for older transactions elsewhere on the server to end (the event store reads below them)');
    if (waited > 120_000)
      throw new Error(`only ${visible[0]!.count} of ${count} events became visible to readers within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function time<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1_000).toFixed(1)} s`);
  return result;
}

async function measure(label: string, work: () => Promise<number>): Promise<Row> {
  const started = performance.now();
  const events = await work();
  const row = { label, events, seconds: (performance.now() - started) / 1_000 };
  console.log(`${label}: ${Math.round(row.events / row.seconds).toLocaleString('en-US')} events/s`);
  return row;
}

function printTable(measured: readonly Row[]) {
  const baseline = measured[0]!;
  const rate = (row: Row) => row.events / row.seconds;
  const table = measured.map((row) => ({
    measurement: row.label,
    events: row.events.toLocaleString('en-US'),
    seconds: row.seconds.toFixed(1),
    'events/s': Math.round(rate(row)).toLocaleString('en-US'),
    'of baseline': `${((rate(row) / rate(baseline)) * 100).toFixed(0)} %`,
    [`>= ${TARGET_EVENTS_PER_SECOND.toLocaleString('en-US')}/s`]: rate(row) >= TARGET_EVENTS_PER_SECOND ? 'yes' : 'NO',
  }));
  const columns = Object.keys(table[0]!);
  const widths = columns.map((column) =>
    Math.max(column.length, ...table.map((row) => String(row[column as keyof typeof row]).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => (index === 0 ? cell.padEnd(widths[index]!) : cell.padStart(widths[index]!))).join(' | ')} |`;
  console.log(`\n${line(columns)}\n|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of table) console.log(line(columns.map((column) => String(row[column as keyof typeof row]))));
}

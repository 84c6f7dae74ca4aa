/**
 * Measures the PostgreSQL event store on a fresh database: append throughput with 1 and 32
 * concurrent writers (single-event appends, one stream per writer) against bare single-row INSERT
 * transactions from the same number of connections as the baseline; then 32 writers again with a
 * subscriber following them, for its lag and any missed or repeated event. Run: `npm run bench:events` (BENCH_PHASE_MS to change
 * the length of each phase).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { connectPostgresClient, createPostgresPool } from '../src/postgres-connections.ts';
import { createPostgresEventStore } from '../src/event-store/postgres/postgres-event-store.ts';
import type { EventMetadata, NewEvent, RecordedEvent } from '../src/event-store/port.ts';
import { createTestDatabase } from '../src/testing/postgres.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 5_000);
const MANY_WRITERS = 32;
const TARGET_RATIO = 0.6;
const EVENT_TYPE = 'BenchmarkItemCounted';

const metadata: EventMetadata = {
  actor: { kind: 'system', id: 'bench', email: 'bench@labshop.test' },
  correlationId: randomUUID(),
  causationId: randomUUID(),
  occurredAt: new Date().toISOString(),
};
const sampleData = { sku: 'PIP-200-UL', warehouse: 'BOS-1', quantity: 12, note: 'benchmark payload of a typical size' };

interface AppendRun {
  appendsPerSecond: number;
  appended: number;
  lagP50Ms?: number;
  lagP99Ms?: number;
  missed?: number;
  duplicates?: number;
}

async function bareInserts(url: string, connections: number): Promise<number> {
  const pool = createPostgresPool({ connectionString: url, max: connections });
  try {
    await warmUp(pool, connections);
    const payload = JSON.stringify({ type: EVENT_TYPE, data: sampleData, metadata });
    let inserted = 0;
    const started = performance.now();
    const deadline = started + PHASE_MS;
    await Promise.all(
      range(connections).map(async () => {
        while (performance.now() < deadline) {
          await pool.query({
            name: 'bare_insert',
            text: 'INSERT INTO bench_bare_inserts (payload) VALUES ($1::jsonb)',
            values: [payload],
          });
          inserted += 1;
        }
      }),
    );
    return inserted / ((performance.now() - started) / 1000);
  } finally {
    await pool.end();
  }
}

async function appends(url: string, writers: number, withSubscriber: boolean): Promise<AppendRun> {
  const pool = createPostgresPool({ connectionString: url, max: writers + 1 });
  const store = createPostgresEventStore({ pool });
  const resolvedAt = new Map<string, number>();
  const receivedAt = new Map<string, number>();
  let duplicates = 0;
  try {
    await warmUp(pool, writers + 1);
    const phase = randomUUID().slice(0, 8);
    const subscription = withSubscriber
      ? store.subscribe({ after: await store.headPosition(), types: [EVENT_TYPE] }, async (batch: RecordedEvent[]) => {
          const now = performance.now();
          for (const event of batch) {
            if (receivedAt.has(event.id)) duplicates += 1;
            else receivedAt.set(event.id, now);
          }
        })
      : undefined;

    const started = performance.now();
    const deadline = started + PHASE_MS;
    await Promise.all(
      range(writers).map(async (writer) => {
        const stream = `bench-${phase}-${writer}`;
        for (let revision = 0; performance.now() < deadline; revision += 1) {
          const event: NewEvent = { id: randomUUID(), type: EVENT_TYPE, data: sampleData, metadata };
          await store.append(stream, [event], { expectedRevision: revision === 0 ? 'no_stream' : revision - 1 });
          resolvedAt.set(event.id!, performance.now());
        }
      }),
    );
    const elapsedSeconds = (performance.now() - started) / 1000;
    const run: AppendRun = { appendsPerSecond: resolvedAt.size / elapsedSeconds, appended: resolvedAt.size };
    if (!subscription) return run;

    const caughtUpBy = performance.now() + 10_000;
    while (receivedAt.size < resolvedAt.size && performance.now() < caughtUpBy) await sleep(10);
    await sleep(200);
    await subscription.stop();
    const lags = [...resolvedAt].flatMap(([id, resolved]) => {
      const received = receivedAt.get(id);
      return received === undefined ? [] : [Math.max(0, received - resolved)];
    });
    lags.sort((a, b) => a - b);
    return {
      ...run,
      lagP50Ms: percentile(lags, 0.5),
      lagP99Ms: percentile(lags, 0.99),
      missed: [...resolvedAt.keys()].filter((id) => !receivedAt.has(id)).length,
      duplicates,
    };
  } finally {
    await store.close();
    await pool.end();
  }
}

async function warmUp(pool: pg.Pool, connections: number): Promise<void> {
  // Dropping the database at the end disconnects clients that are still closing; that is expected.
  pool.on('error', () => undefined);
  const clients = await Promise.all(range(connections).map(() => pool.connect()));
  for (const client of clients) client.release();
}

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(0)}%`;
}

function range(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const database = await createTestDatabase('labshop_bench_events');
try {
  const setup = createPostgresEventStore({ connectionString: database.url, maxConnections: 1 });
  await setup.migrate();
  await setup.close();
  const admin = await connectPostgresClient({ connectionString: database.url });
  await admin.query('CREATE TABLE bench_bare_inserts (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
  await admin.end();

  console.log(
    `Event store benchmark: ${PHASE_MS} ms per phase, fresh database ${new URL(database.url).pathname.slice(1)}\n`,
  );
  const bareSingle = await bareInserts(database.url, 1);
  const storeSingle = await appends(database.url, 1, false);
  const bareMany = await bareInserts(database.url, MANY_WRITERS);
  const storeMany = await appends(database.url, MANY_WRITERS, false);
  const followed = await appends(database.url, MANY_WRITERS, true);

  const ratioSingle = storeSingle.appendsPerSecond / bareSingle;
  const ratioMany = storeMany.appendsPerSecond / bareMany;
  const rows: [string, string][] = [
    ['bare INSERT, 1 connection', `${bareSingle.toFixed(0)} tx/s`],
    ['append, 1 writer', `${storeSingle.appendsPerSecond.toFixed(0)} appends/s (${percent(ratioSingle)} of bare)`],
    [`bare INSERT, ${MANY_WRITERS} connections`, `${bareMany.toFixed(0)} tx/s`],
    [
      `append, ${MANY_WRITERS} writers`,
      `${storeMany.appendsPerSecond.toFixed(0)} appends/s (${percent(ratioMany)} of bare; target ≥ ${percent(TARGET_RATIO)})`,
    ],
    [
      `append, ${MANY_WRITERS} writers, a subscriber following`,
      `${followed.appendsPerSecond.toFixed(0)} appends/s (${percent(followed.appendsPerSecond / bareMany)} of bare)`,
    ],
    ['subscriber lag p50 / p99', `${followed.lagP50Ms?.toFixed(1)} ms / ${followed.lagP99Ms?.toFixed(1)} ms`],
    ['missed events', `${followed.missed} of ${followed.appended}`],
    ['duplicate deliveries', `${followed.duplicates}`],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  console.log(
    `\n${MANY_WRITERS}-writer ratio ${ratioMany.toFixed(2)}: ${ratioMany >= TARGET_RATIO ? 'meets' : 'BELOW'} the ${TARGET_RATIO} target`,
  );
  if (followed.missed !== 0 || followed.duplicates !== 0) {
    console.error('The subscriber missed or repeated events.');
    process.exitCode = 1;
  }
} finally {
  await database.drop();
}

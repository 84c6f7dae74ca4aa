/**
 * Storefront catalogue reads under load through the public port of the shop as `npm start` runs it: the same
 * entry (frontend/server/main.ts) in a process of its own, with `npm start`'s default settings, the log level
 * included (info unless LOG_LEVEL is set), its log written as JSON lines to a file (stdout is not a terminal,
 * as when the shop runs as a service). Measured: GET product detail, GET search suggestions and GET full search
 * (facets, sort, pages), with the demo catalogue scaled to about 10 000 details (appended as events, see
 * catalogue-events.ts, projected by the shop's own projectors into PostgreSQL), 32 concurrent keep-alive
 * connections, against a bare Fastify route returning a body of the product detail's mean size (no logging,
 * no hooks) in the same run as the baseline; then the time from a catalogue change to a search that finds it
 * (the index rebuild). Also printed: the log lines and bytes the shop wrote per product detail request.
 * Run: `npm run bench:catalogue` (BENCH_PHASE_MS per measured phase, BENCH_DETAILS for the catalogue size;
 * REDIS_URL as for `npm start`; the shop's queues use QUEUE_PREFIX, by default `bench-catalogue`).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { open, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { connectPostgresClient } from '@labshop/platform/postgres-connections';
import { openStores } from '@labshop/platform/stores';
import { createTestDatabase } from '@labshop/platform/testing/postgres';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { subproductStream, type SubproductStreamEvent } from '@labshop/contracts/catalogue/events';
import type { CatalogueDetail } from '@labshop/contracts/catalogue/read-models';
import { checkpointName, physicalCollection } from '@labshop/platform/read-store/generations';
import { catalogueDetails, catalogueTree } from '@labshop/projectors';
import type { LoadRequest, LoadResult } from './load.ts';
import { appendBenchCatalogue } from './catalogue-events.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 10_000);
const WARM_UP_MS = 2_000;
const TARGET_DETAILS = Number(process.env.BENCH_DETAILS ?? 10_000);
const CONNECTIONS = 32;
const TARGETS = { detailRatio: 0.6, detailP99Ms: 15, suggestionsP99Ms: 25, searchP99Ms: 40, rebuildMs: 1_000 };
/** What buyers type: words, prefixes, typos, synonyms, phrases, catalogue numbers whole and in part, nonsense. */
const SUGGESTION_QUERIES = [
  'myc',
  'pipette',
  'TIPS',
  'lot 12',
  '500 ml',
  'gel',
  'buffer',
  'exosome',
  'kits 5',
  'µl, 960',
  'antib',
  'zzz-no-match',
  'mycoplsma',
  'pipet tips',
  'fbs',
  'western blot',
  'CE-00001',
  'ex0379',
  'MY-01116-5',
  'centrifuje',
];
/** Full searches: the same texts, some filtered, sorted or paged as the search page asks. */
const SEARCH_QUERIES = SUGGESTION_QUERIES.flatMap((q, index) => {
  const variants = [
    '',
    '&inStock=true',
    '&sort=price-asc',
    '&minCents=5000&maxCents=10000',
    '&page=2',
    '&sort=name&inStock=true',
  ];
  return [`q=${encodeURIComponent(q)}`, `q=${encodeURIComponent(q)}${variants[index % variants.length]!}`];
});
const REBUILDS = 5;

const SHOP_ENTRY = fileURLToPath(new URL('../main.ts', import.meta.url));

interface ShopProcess {
  origin: string;
  /** The shop's log so far: lines and bytes. */
  logSize(): Promise<{ lines: number; bytes: number }>;
  stop(): Promise<void>;
}

/**
 * `npm start`'s entry in a process of its own (the catalogue is not empty, so it seeds nothing), on a free port,
 * stdout to `logFile`; answers once the shop has logged where it runs.
 */
async function startShopProcess(databaseUrl: string, dataDir: string, logFile: string): Promise<ShopProcess> {
  const log = await open(logFile, 'w');
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    DATA_DIR: dataDir,
    QUEUE_PREFIX: process.env.QUEUE_PREFIX ?? 'bench-catalogue',
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SHOP_ENTRY], {
    env,
    stdio: ['ignore', log.fd, 'inherit'],
  });
  await log.close();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const readLog = () => readFile(logFile, 'utf8');
  let origin: string | undefined;
  for (let waited = 0; !origin; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the shop exited with code ${child.exitCode}:\n${await readLog()}`);
    if (waited > 120_000) {
      child.kill('SIGTERM');
      throw new Error(`the shop did not start within 2 minutes:\n${await readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    origin = /LabShop is running at (http:\/\/[^\s"]+)/.exec(await readLog())?.[1];
  }
  return {
    origin,
    async logSize() {
      const text = await readLog();
      return { lines: text.split('\n').length - 1, bytes: (await stat(logFile)).size };
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function load(origin: string, paths: string[], durationMs: number | null): Promise<LoadResult> {
  const generator = fork(fileURLToPath(new URL('./load.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    generator.once('message', (result) => resolve(result as LoadResult));
    generator.once('error', reject);
    generator.send({ origin, paths, connections: CONNECTIONS, durationMs } satisfies LoadRequest);
  });
}

interface Measured {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function summary(label: string, result: LoadResult): Measured {
  const sorted = result.latenciesMs.sort((a, b) => a - b);
  const at = (quantile: number) => sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN;
  return {
    label,
    rps: result.requests / (result.elapsedMs / 1000),
    p50: at(0.5),
    p99: at(0.99),
    errors: result.errors,
  };
}

/** A warm-up that asks for every path once (reported too: the cold reads), then the measured phase; `requests` counts all three. */
async function measure(
  label: string,
  origin: string,
  paths: string[],
): Promise<{ cold: Measured; warm: Measured; requests: number }> {
  const coldResult = await load(origin, paths, null);
  const warmUp = await load(origin, paths, WARM_UP_MS);
  const warmResult = await load(origin, paths, PHASE_MS);
  return {
    cold: summary(`${label}, first read of each (cold)`, coldResult),
    warm: summary(label, warmResult),
    requests: coldResult.requests + warmUp.requests + warmResult.requests,
  };
}

/**
 * The search index rebuild as a shopper meets it: a detail's description changes (a new word), the projectors
 * apply it, then the first search carrying the change's position is timed: it confirms the new catalogue,
 * reads it and updates the index before it answers. Asserted to find the detail, so a stale answer cannot pass.
 */
async function measureRebuilds(origin: string, documents: CatalogueDetail[]): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < REBUILDS; run++) {
    const document = documents[Math.floor(Math.random() * documents.length)]!;
    const word = `benchword${run}${crypto
      .randomUUID()
      .slice(0, 8)
      .replace(/[^a-z]/g, 'q')}`;
    const { productId, subproductId, detailId } = document;
    const position = await givenEvents<SubproductStreamEvent>(stores.eventStore, subproductStream(subproductId), [
      {
        type: 'DetailUpdated',
        data: { productId, subproductId, detailId, changes: { contents: `${document.contents}<p>${word}</p>` } },
      },
    ]);
    for (const projection of [catalogueTree, catalogueDetails]) {
      while (
        ((await stores.readStore.getCheckpoint(checkpointName(projection.name, projection.version))) ?? '') < position
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const started = performance.now();
    const response = await fetch(`${origin}/api/catalogue/search?q=${word}`, {
      headers: { 'x-labshop-position': position },
    });
    times.push(performance.now() - started);
    const { results } = (await response.json()) as { results: { detailId: string }[] };
    if (results[0]?.detailId !== detailId) throw new Error(`the search for "${word}" did not find the changed detail`);
  }
  return times;
}

const database = await createTestDatabase('labshop_bench_catalogue');
const dataDir = await mkdtemp(join(tmpdir(), 'labshop-bench-catalogue-'));
const stores = await openStores({ DATABASE_URL: database.url });
const running: { stop(): Promise<void> }[] = [];
try {
  console.log(
    `Catalogue read benchmark: fresh database ${new URL(database.url).pathname.slice(1)}, ${CONNECTIONS} connections, ${PHASE_MS} ms per phase\n`,
  );
  let started = Date.now();
  const seeded = await appendBenchCatalogue(stores.eventStore, TARGET_DETAILS);
  console.log(`appended ${seeded.details} details as events in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  const logFile = join(dataDir, 'shop.log');
  const shop = await startShopProcess(database.url, dataDir, logFile);
  running.push(shop);
  const shopOrigin = shop.origin;
  for (const projection of [catalogueTree, catalogueDetails]) {
    while (
      ((await stores.readStore.getCheckpoint(checkpointName(projection.name, projection.version))) ?? '') <
      seeded.position
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  // Projecting rewrote each product's tree document many times: vacuum now so autovacuum does not run during the measurement.
  const maintenance = await connectPostgresClient({ connectionString: database.url });
  await maintenance.query('VACUUM (ANALYZE)');
  await maintenance.end();
  console.log(
    `the shop started as \`npm start\` runs it (log level ${process.env.LOG_LEVEL || 'info'}, JSON lines to ${logFile}), projected and vacuumed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );

  const documents = await stores.readStore
    .collection(physicalCollection(catalogueDetails.name, catalogueDetails.version))
    .find();
  // Every detail in a shuffled order, so the run touches the whole catalogue rather than a hot few.
  const detailPaths = documents.map((doc) => `/api/catalogue/details/${doc.id}`).sort(() => Math.random() - 0.5);

  // The baseline answers as many bytes as a mean product detail, so the comparison is of the work around the body, not its size.
  const sample = await Promise.all(
    detailPaths
      .slice(0, 200)
      .map(async (path) => (await (await fetch(`${shopOrigin}${path}`)).arrayBuffer()).byteLength),
  );
  const detailBytes = Math.round(sample.reduce((sum, bytes) => sum + bytes, 0) / sample.length);
  const bareBody = JSON.stringify({ padding: 'x'.repeat(Math.max(0, detailBytes - '{"padding":""}'.length)) });
  const bare = Fastify();
  bare.get('/bare', async (_request, reply) => reply.type('application/json; charset=utf-8').send(bareBody));
  running.push({ stop: () => bare.close() });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareOrigin = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;
  console.log(
    `product detail answers ${detailBytes} bytes on average; the bare route answers ${Buffer.byteLength(bareBody)} bytes\n`,
  );
  const suggestionPaths = SUGGESTION_QUERIES.map((q) => `/api/catalogue/search/suggestions?q=${encodeURIComponent(q)}`);

  // The machine may be shared: the baseline runs before and after, and the ratios use their mean.
  const { warm: baselineBefore } = await measure('bare Fastify route (baseline, before)', bareOrigin, ['/bare']);
  const logBefore = await shop.logSize();
  const {
    cold: coldDetail,
    warm: detail,
    requests: detailRequests,
  } = await measure(
    `GET product detail through the public port (${documents.length} details)`,
    shopOrigin,
    detailPaths,
  );
  const logAfter = await shop.logSize();
  const logPerRequest = {
    lines: (logAfter.lines - logBefore.lines) / detailRequests,
    bytes: (logAfter.bytes - logBefore.bytes) / detailRequests,
  };
  const { warm: suggestions } = await measure(
    'GET search suggestions through the public port',
    shopOrigin,
    suggestionPaths,
  );
  const searchPaths = [...new Set(SEARCH_QUERIES)].map((query) => `/api/catalogue/search?${query}`);
  const { warm: search } = await measure(
    'GET full search (facets, sort, pages) through the public port',
    shopOrigin,
    searchPaths,
  );
  const { warm: baselineAfter } = await measure('bare Fastify route (baseline, after)', bareOrigin, ['/bare']);
  const baseline = { rps: (baselineBefore.rps + baselineAfter.rps) / 2 };

  const rebuilds = await measureRebuilds(shopOrigin, documents as CatalogueDetail[]);

  const rows = [baselineBefore, baselineAfter, detail, suggestions, search, coldDetail].map((row) => [
    row.label,
    `${row.rps.toFixed(0)} req/s`,
    `${((row.rps / baseline.rps) * 100).toFixed(0)}%`,
    `${row.p50.toFixed(2)} ms`,
    `${row.p99.toFixed(2)} ms`,
    `${row.errors}`,
  ]);
  const header = ['', 'throughput', 'of baseline', 'p50', 'p99', 'non-200'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows])
    console.log(
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    );

  const checks: [string, boolean][] = [
    [`product detail ≥ ${TARGETS.detailRatio * 100}% of baseline`, detail.rps / baseline.rps >= TARGETS.detailRatio],
    [`product detail p99 < ${TARGETS.detailP99Ms} ms`, detail.p99 < TARGETS.detailP99Ms],
    [`suggestions p99 < ${TARGETS.suggestionsP99Ms} ms`, suggestions.p99 < TARGETS.suggestionsP99Ms],
    [`full search p99 < ${TARGETS.searchP99Ms} ms`, search.p99 < TARGETS.searchP99Ms],
    [
      `search index rebuilt after a catalogue change in < ${TARGETS.rebuildMs} ms (slowest of ${REBUILDS})`,
      Math.max(...rebuilds) < TARGETS.rebuildMs,
    ],
    ['every answer 200', detail.errors + suggestions.errors + search.errors + coldDetail.errors === 0],
  ];
  console.log(
    `\nsearch index rebuild after a catalogue change (the first search carrying the change's position, once projected): ${rebuilds.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`,
  );
  console.log(
    `\nproduct detail through the public port: ${detail.rps.toFixed(0)} req/s, bare route: ${baseline.rps.toFixed(0)} req/s, ratio ${((detail.rps / baseline.rps) * 100).toFixed(0)}%, p50 ${detail.p50.toFixed(2)} ms, p99 ${detail.p99.toFixed(2)} ms`,
  );
  console.log(
    `the shop's log per product detail request: ${logPerRequest.lines.toFixed(2)} lines, ${logPerRequest.bytes.toFixed(0)} bytes\n`,
  );
  for (const [target, met] of checks) console.log(`${met ? 'meets ' : 'MISSES'}  ${target}`);
  if (checks.some(([, met]) => !met)) process.exitCode = 1;
} finally {
  for (const service of running.reverse()) await service.stop();
  await stores.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}

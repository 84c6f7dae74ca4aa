/**
 * Buying under load, measured through the shop's public port as `npm start` runs it (gateway → command
 * and query APIs, projectors and workers in one process, local PostgreSQL and Redis, fresh database),
 * with 32 concurrent shoppers in a child process:
 * - bare appends: 32 writers appending one event at a time straight to the event store (in process, no
 *   HTTP), the baseline of the same run;
 * - add-to-cart: POST /api/account/cart/items (signed in) and POST /api/carts/:cartId/items (anonymous), commands/s
 *   and latency, and their ratio to bare appends;
 * - checkout: rounds of two add-to-carts, place order, My Orders read with the order's position (the
 *   append → visible lag: from the place-order answer, when the append has committed, to the My Orders
 *   answer that shows the order), purchase order. Each client starts its next round when its last one ends (a closed
 *   loop), so once the shop is saturated a round takes the clients' count over the orders/s (Little's law), and every
 *   request's latency grows with the clients, whatever it costs;
 * - checkout at a stated rate: the same rounds arriving at 50 % and 75 % of the orders/s just measured (an open loop,
 *   orders-load.ts), each on a quiet shop after the measures above, with its own placed → confirmation: the latencies a
 *   shopper meets at that load.
 * Two facts of the database server are printed with them, because writes and subscriptions wait on them:
 * the latency of one durable single-row commit, and how long transactions of other databases on the same
 * server were open during the checkout phase (the event store's readers see only rows below the cluster-wide
 * transaction horizon, so another database's long transaction delays every projection here).
 * - last units (issue 21): 32 clients buying, one unit per purchase order, a detail that has 5 units: the units
 *   reserved must be exactly 5 (oversells: reserved beyond them, must be 0), the rest on backorder, and the
 *   place-order p99 while every checkout wants the same detail's stock.
 * - after the sale (order-mails.ts): invoice PDFs rendered per second back to back by one process, and order placed →
 *   confirmation email (with the invoice attached) written, p50/p99, with the workers running beside the API.
 * - statements per request: the PostgreSQL statements the shop sent on behalf of each request, by route, and those
 *   it sent in the background (projections, reactors, subscriptions) per request of the phase (statement-count.ts).
 * - CPU by package (cpu-profile.ts): a CPU profile of the shop's process during one more signed-in add-to-cart phase
 *   and one more checkout phase, after the measured ones (the profiler's sampling costs CPU, so no measured phase runs
 *   under it), summed by npm package, our workspaces, Node's internals, GC and native work: where the next bottleneck is.
 * Run: `npm run bench:orders` (needs the built frontend, like `npm start`; BENCH_PHASE_MS per phase, BENCH_CLIENTS clients).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { execFile, fork } from 'node:child_process';
import { promisify } from 'node:util';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectPostgresClient } from '@labshop/platform/postgres-connections';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { EventMetadata } from '@labshop/platform/event-store/port';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import { startTestShop } from '../testing/test-shop.ts';
import type { LoadRequest, LoadResult, Offer } from './orders-load.ts';
import { CONFIRMATION_STEPS, invoicesRenderedPerSecond, placedToConfirmationMs } from './order-mails.ts';
import { BACKGROUND, countStatements, type StatementCounts } from './statement-count.ts';
import { cpuByPackage, profileWhile } from './cpu-profile.ts';
import { describeMachineCpu, startMachineCpu, type MachineCpu } from './machine-cpu.ts';

const PHASE_MS = Number(process.env.BENCH_PHASE_MS ?? 8_000);
/** 32 by default, the load; fewer (BENCH_CLIENTS) show the shop below saturation, where one stage's gain is not another's wait. */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const TARGETS = {
  addToCartRatio: 0.4,
  placeOrderP99Ms: 60,
  visibleLagP99Ms: 100,
  confirmationP99Ms: 2_000,
  addToCartStatements: 2,
};
const ROUTES = {
  addToCart: 'POST /api/account/cart/items',
  anonymousAddToCart: 'POST /api/carts/:id/items',
  placeOrder: 'POST /api/account/orders',
  myOrders: 'GET /api/account/orders',
  purchaseOrder: 'POST /api/account/orders/:id/purchase-order',
};
const HOT_UNITS = 5;
/** The arrival rates of the open-loop checkout phases, as shares of the closed loop's orders/s in the same run. */
const RATE_SHARES = [0.5, 0.75];

function percentile(values: readonly number[], quantile: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? Number.NaN;
}

/** Runs the clients in a child process, and measures where the machine's CPU went while they ran. */
function load(loadRequest: LoadRequest): Promise<LoadResult & { cpu: MachineCpu | null }> {
  const shoppers = fork(fileURLToPath(new URL('./orders-load.ts', import.meta.url)), { execArgv: ['--import', 'tsx'] });
  return new Promise((resolve, reject) => {
    // From the child's first request (its start-up left out) to its answer.
    let stopCpu = (): MachineCpu | null => null;
    shoppers.on('message', (message: 'started' | LoadResult) => {
      if (message === 'started') stopCpu = startMachineCpu();
      else resolve({ ...message, cpu: stopCpu() });
    });
    shoppers.once('error', reject);
    shoppers.send(loadRequest);
  });
}

/** 32 writers, each appending single events to its own stream, as fast as the store takes them. */
async function bareAppends(databaseUrl: string): Promise<number> {
  const store = createPostgresEventStore({ connectionString: databaseUrl, maxConnections: CLIENTS });
  const metadata: EventMetadata = {
    actor: { kind: 'system', id: 'bench', email: 'bench@labshop.test' },
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
  const data = {
    detailId: randomUUID(),
    packSize: '100 ml',
    quantity: 1,
    unitPriceCents: 4_500,
    note: 'a payload the size of a cart line',
  };
  try {
    let appended = 0;
    const started = performance.now();
    const deadline = started + PHASE_MS;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, writer) => {
        const stream = `bench-bare-${writer}-${randomUUID()}`;
        for (let revision = 0; performance.now() < deadline; revision++) {
          await store.append(stream, [{ type: 'BenchmarkLineCounted', data, metadata }], {
            expectedRevision: revision === 0 ? 'no_stream' : revision - 1,
          });
          appended++;
        }
      }),
    );
    return appended / ((performance.now() - started) / 1000);
  } finally {
    await store.close();
  }
}

/** One connection committing single-row INSERTs one after another: the floor under every append. */
async function commitLatencies(databaseUrl: string): Promise<number[]> {
  const client = await connectPostgresClient({ connectionString: databaseUrl });
  try {
    await client.query('CREATE TABLE bench_commits (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    const latencies: number[] = [];
    for (let commit = 0; commit < 200; commit++) {
      const started = performance.now();
      await client.query('INSERT INTO bench_commits DEFAULT VALUES');
      latencies.push(performance.now() - started);
    }
    return latencies;
  } finally {
    await client.end();
  }
}

/**
 * Samples, until stopped, the age of the oldest open transaction (holding a transaction id) in any other database. Its
 * statements are not counted as the shop's.
 */
function sampleOtherDatabases(databaseUrl: string) {
  const connecting = connectPostgresClient({ connectionString: databaseUrl });
  const ages: number[] = [];
  let running = true;
  const sampling = statementCounts.uncounted(async () => {
    const client = await connecting;
    while (running) {
      const { rows } = await client.query<{ ms: number | null }>(
        `SELECT (extract(epoch FROM max(clock_timestamp() - xact_start)) * 1000)::float8 AS ms FROM pg_stat_activity
          WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database()`,
      );
      ages.push(rows[0]?.ms ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await client.end();
  });
  return {
    async stop() {
      running = false;
      await sampling;
      return ages;
    },
  };
}

/** Statements per request of `route` in a phase's counts. */
function statementsPer(counts: StatementCounts, route: string): number {
  return (counts.statements.get(route) ?? 0) / Math.max(1, counts.requests.get(route) ?? 0);
}

/** The phase's background statements per request of `route` (its commands). */
function backgroundPer(counts: StatementCounts, route: string): number {
  return (counts.statements.get(BACKGROUND) ?? 0) / Math.max(1, counts.requests.get(route) ?? 0);
}

const statementCounts = countStatements();
const jwtSecret = randomBytes(32).toString('hex');
const tokens = createTokenService(jwtSecret);
// 32 clients from one address: the shopper limits, set where no person meets them, would measure themselves.
// The log level is `npm start`'s (info unless LOG_LEVEL is set); its JSON lines go to a file, written as pino
// writes a piped stdout (asynchronously), so this script's own output stays readable.
const logLevel = process.env.LOG_LEVEL || 'info';
const logFile = join(tmpdir(), `labshop-bench-orders-${process.pid}.log`);
const shop = await startTestShop(
  { JWT_SECRET: jwtSecret, LOG_LEVEL: logLevel, SHOPPER_LIMITS: 'off' },
  { logDestination: createWriteStream(logFile) },
);
try {
  console.log(
    `Orders benchmark: the whole shop at ${shop.url} on a fresh database, ${CLIENTS} concurrent clients, ${PHASE_MS} ms per phase; log level ${logLevel}, JSON lines to ${logFile}\n`,
  );
  const admin = `Bearer ${await tokens.sign({ role: 'admin', sub: randomUUID(), email: 'bench-admin@labshop.test' }, '1h')}`;
  async function create(path: string, payload: object): Promise<Record<string, string>> {
    const response = await fetch(new URL(path, shop.url), {
      method: 'POST',
      headers: { authorization: admin, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, string>;
  }

  // A catalogue of 4 subproducts × 8 details × 2 pack sizes: 64 offers, written through the admin API.
  const offers: Offer[] = [];
  const { productId } = await create('/api/admin/catalogue/products', { name: 'Bench consumables' });
  for (let s = 0; s < 4; s++) {
    const subproducts = `/api/admin/catalogue/products/${productId}/subproducts`;
    const { subproductId } = await create(subproducts, { name: `Bench tubes ${s}` });
    for (let d = 0; d < 8; d++) {
      const priceTiers = [
        { priceCents: 1_000 + d * 100, packSize: '100 pcs', catalogNumber: `BT-${s}${d}-100` },
        { priceCents: 4_000 + d * 100, packSize: '500 pcs', catalogNumber: `BT-${s}${d}-500` },
      ];
      const { detailId } = await create(`${subproducts}/${subproductId}/details`, {
        productType: `Tube ${d}`,
        quantity: 10_000,
        priceCents: 1_000,
        addPercentage: 5,
        priceTiers,
      });
      for (const { packSize } of priceTiers)
        offers.push({ subproductId: subproductId!, detailId: detailId!, packSize });
    }
  }
  const sessions = async () =>
    Promise.all(
      Array.from(
        { length: CLIENTS },
        async () =>
          `Bearer ${await tokens.sign({ role: 'customer', sub: randomUUID(), email: 'bench@example.com' }, '1h')}`,
      ),
    );

  // Warm-up: every code path once under load, so the measured phases see a warm shop. Adding to growing carts takes
  // longer to warm: on a fresh shop, three 2-s phases of signed-in adds in a row ran at 702, 878 and 1,011 adds/s, and
  // the first measured phase was 18–43 % slower than the next whichever kind of add it was (6 Dec 2026).
  await load({ origin: shop.url, phase: 'checkout', authorizations: await sessions(), offers, durationMs: 2_000 });
  await load({ origin: shop.url, phase: 'add-to-cart', authorizations: await sessions(), offers, durationMs: 4_000 });
  const anonymousCarts = () => Array.from({ length: CLIENTS }, () => '');
  await load({
    origin: shop.url,
    phase: 'anonymous-add-to-cart',
    authorizations: anonymousCarts(),
    offers,
    durationMs: 2_000,
  });

  const commits = await commitLatencies(shop.config.DATABASE_URL);
  const bare = await bareAppends(shop.config.DATABASE_URL);
  const addSessions = await sessions();
  statementCounts.take();
  const adding = await load({
    origin: shop.url,
    phase: 'add-to-cart',
    authorizations: addSessions,
    offers,
    durationMs: PHASE_MS,
  });
  const addingStatements = statementCounts.take();
  const anonymousAdding = await load({
    origin: shop.url,
    phase: 'anonymous-add-to-cart',
    authorizations: anonymousCarts(),
    offers,
    durationMs: PHASE_MS,
  });
  const anonymousStatements = statementCounts.take();
  const checkoutSessions = await sessions();
  const otherDatabases = sampleOtherDatabases(shop.config.DATABASE_URL);
  const checkoutStarted = new Date();
  statementCounts.take();
  const checkout = await load({
    origin: shop.url,
    phase: 'checkout',
    authorizations: checkoutSessions,
    offers,
    durationMs: PHASE_MS,
  });
  const checkoutStatements = statementCounts.take();
  const otherTransactionAges = await otherDatabases.stop();
  const closedLoopOrdersPerSecond = (checkout.latenciesMs['place-order']?.length ?? 0) / (checkout.elapsedMs / 1000);
  // The last units: one detail with 5 units, every client buying it one unit at a time.
  const { subproductId: hotSubproductId } = await create(`/api/admin/catalogue/products/${productId}/subproducts`, {
    name: 'Bench last units',
  });
  const { detailId: hotDetailId } = await create(
    `/api/admin/catalogue/products/${productId}/subproducts/${hotSubproductId}/details`,
    { productType: 'Hot flask', quantity: HOT_UNITS, priceCents: 2_500 },
  );
  const hotOffer: Offer = { subproductId: hotSubproductId!, detailId: hotDetailId!, packSize: null };
  const lastUnits = await load({
    origin: shop.url,
    phase: 'last-units',
    authorizations: await sessions(),
    offers: [hotOffer],
    durationMs: PHASE_MS,
  });
  const oversells = Math.max(0, lastUnits.reservedUnits - HOT_UNITS);
  const confirmationSource = {
    databaseUrl: shop.config.DATABASE_URL,
    mailDir: join(shop.dataDir, 'mail'),
    redisUrl: shop.config.REDIS_URL,
    queuePrefix: shop.config.QUEUE_PREFIX,
  };
  const confirmations = await placedToConfirmationMs({ ...confirmationSource, since: checkoutStarted, waitMs: 60_000 });
  // The same rounds arriving at a stated rate, a share of the closed loop's orders/s: the latencies a shopper meets at
  // that load. Each runs on a quiet shop (every earlier confirmation written) and waits for its own confirmations.
  const shopperPool = [...(await sessions()), ...(await sessions())];
  const atRates = [];
  for (const share of RATE_SHARES) {
    const since = new Date();
    const result = await load({
      origin: shop.url,
      phase: 'checkout-at-rate',
      authorizations: shopperPool,
      offers,
      durationMs: PHASE_MS,
      roundsPerSecond: share * closedLoopOrdersPerSecond,
    });
    const mails = await placedToConfirmationMs({ ...confirmationSource, since, waitMs: 60_000 });
    atRates.push({ share, result, mails });
  }
  const pdfsPerSecond = await invoicesRenderedPerSecond(Math.min(PHASE_MS, 5_000));
  /** One more phase of its own under the profiler (its sampling costs CPU, so no measured phase runs under it). */
  async function profilePhase(phase: 'add-to-cart' | 'checkout', authorizations: string[]) {
    const profiled = await profileWhile(() =>
      load({ origin: shop.url, phase, authorizations, offers, durationMs: Math.min(PHASE_MS, 5_000) }),
    );
    const file = join(tmpdir(), `labshop-bench-orders-${process.pid}-${phase}.cpuprofile`);
    await writeFile(file, JSON.stringify(profiled.profile));
    return { ...profiled, file };
  }

  /** The profiled phase's CPU by package, per unit of its work (an add, an order placed). */
  function printCpuByPackage(
    title: string,
    unit: string,
    { result, profile, mainThreadCpuMs, file }: Awaited<ReturnType<typeof profilePhase>>,
    route: string,
  ) {
    const cpu = cpuByPackage(profile);
    const units = Math.max(1, result.latenciesMs[route]?.length ?? 0);
    console.log(
      `\nCPU of the shop's process by package, ${title} (a phase of its own, under the profiler): ` +
        `${units} × ${unit}, ${cpu.busyMs.toFixed(0)} ms busy (${(cpu.busyMs / units).toFixed(2)} ms per ${unit}), ` +
        `${cpu.idleMs.toFixed(0)} ms idle; the profile: ${file}` +
        (mainThreadCpuMs === null
          ? ''
          : `\nThe main thread's CPU time as the kernel counts it (busy above also counts waits for a core inside system calls): ` +
            `${mainThreadCpuMs} ms, ${(mainThreadCpuMs / units).toFixed(2)} ms per ${unit}`),
    );
    const shown = cpu.shares.slice(0, 15);
    const rest = cpu.shares.slice(15).reduce((sum, { ms }) => sum + ms, 0);
    const cpuWidth = Math.max(...shown.map(({ name }) => name.length), 'everything else'.length);
    for (const { name, ms, share } of shown)
      console.log(
        `  ${name.padEnd(cpuWidth)}  ${(share * 100).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(6)} ms`,
      );
    if (rest > 0)
      console.log(
        `  ${'everything else'.padEnd(cpuWidth)}  ${((rest / Math.max(1, cpu.busyMs)) * 100).toFixed(1).padStart(5)} %  ${rest.toFixed(0).padStart(6)} ms`,
      );
  }

  const profiledAdding = await profilePhase('add-to-cart', await sessions());
  const profiledCheckout = await profilePhase('checkout', await sessions());

  const addLatencies = adding.latenciesMs['add-to-cart'] ?? [];
  const addRate = addLatencies.length / (adding.elapsedMs / 1000);
  const anonymousLatencies = anonymousAdding.latenciesMs['add-to-cart'] ?? [];
  const anonymousRate = anonymousLatencies.length / (anonymousAdding.elapsedMs / 1000);
  const perRequest = (counts: StatementCounts, route: string) => statementsPer(counts, route).toFixed(2);
  const stats = (values: readonly number[] = []) =>
    `p50 ${percentile(values, 0.5).toFixed(1)} ms, p99 ${percentile(values, 0.99).toFixed(1)} ms`;
  const place = checkout.latenciesMs['place-order'] ?? [];
  const lastPlace = lastUnits.latenciesMs['place-order'] ?? [];
  const visible = checkout.latenciesMs['my-orders-visible'] ?? [];
  const heldSamples = otherTransactionAges.filter((age) => age > 0);
  const rows: [string, string][] = [
    ['durable single-row commit, 1 connection', stats(commits)],
    [
      "other databases' open transactions (checkout)",
      `open in ${((heldSamples.length / Math.max(1, otherTransactionAges.length)) * 100).toFixed(0)}% of ${otherTransactionAges.length} samples, oldest p50 ${percentile(heldSamples, 0.5).toFixed(0)} ms, max ${Math.max(0, ...heldSamples).toFixed(0)} ms`,
    ],
    [`bare appends, ${CLIENTS} writers (baseline)`, `${bare.toFixed(0)} appends/s`],
    [
      `add-to-cart, ${CLIENTS} clients`,
      `${addRate.toFixed(0)} commands/s = ${((addRate / bare) * 100).toFixed(0)}% of bare (target ≥ ${TARGETS.addToCartRatio * 100}%); ${stats(addLatencies)}`,
    ],
    ['  CPU during add-to-cart', describeMachineCpu(adding.cpu)],
    [
      `anonymous add-to-cart, ${CLIENTS} clients`,
      `${anonymousRate.toFixed(0)} commands/s = ${((anonymousRate / bare) * 100).toFixed(0)}% of bare (target ≥ ${TARGETS.addToCartRatio * 100}%); ${stats(anonymousLatencies)}`,
    ],
    [
      'statements per add-to-cart',
      `signed in ${perRequest(addingStatements, ROUTES.addToCart)} on the request + ${backgroundPer(addingStatements, ROUTES.addToCart).toFixed(2)} in the background; ` +
        `anonymous ${perRequest(anonymousStatements, ROUTES.anonymousAddToCart)} + ${backgroundPer(anonymousStatements, ROUTES.anonymousAddToCart).toFixed(2)} (target ≤ ${TARGETS.addToCartStatements} on the request)`,
    ],
    [
      'statements per request, checkout',
      `add-to-cart ${perRequest(checkoutStatements, ROUTES.addToCart)}, place order ${perRequest(checkoutStatements, ROUTES.placeOrder)}, My Orders ${perRequest(checkoutStatements, ROUTES.myOrders)}, ` +
        `purchase order ${perRequest(checkoutStatements, ROUTES.purchaseOrder)}; background ${backgroundPer(checkoutStatements, ROUTES.placeOrder).toFixed(1)} per order`,
    ],
    [
      'checkout rounds',
      `${place.length} orders placed in ${(checkout.elapsedMs / 1000).toFixed(1)} s (${closedLoopOrdersPerSecond.toFixed(0)} orders/s: ` +
        `with ${CLIENTS} clients always in a round, a round takes ${CLIENTS} / ${closedLoopOrdersPerSecond.toFixed(0)} = ${(CLIENTS / closedLoopOrdersPerSecond).toFixed(2)} s)`,
    ],
    ['  CPU during checkout', describeMachineCpu(checkout.cpu)],
    ['  add-to-cart during checkout', stats(checkout.latenciesMs['add-to-cart'])],
    ['  place order', `${stats(place)} (target p99 < ${TARGETS.placeOrderP99Ms} ms)`],
    ['  append → My Orders visible', `${stats(visible)} (target p99 < ${TARGETS.visibleLagP99Ms} ms)`],
    ['  purchase order', stats(checkout.latenciesMs['purchase-order'])],
    [
      `last units: ${CLIENTS} clients, ${HOT_UNITS} units of one detail`,
      `${lastPlace.length} orders placed; ${lastUnits.reservedUnits} units reserved, ${lastUnits.backorderedUnits} on backorder; oversells ${oversells} (must be 0)`,
    ],
    ['  place order (last units)', `${stats(lastPlace)} (target p99 < ${TARGETS.placeOrderP99Ms} ms)`],
    ['  purchase order (last units, reserves stock)', stats(lastUnits.latenciesMs['purchase-order'])],
    ...atRates.flatMap(({ share, result, mails }): [string, string][] => [
      [
        `checkout rounds arriving at ${(share * 100).toFixed(0)} % of that rate`,
        `${result.rounds} rounds started in ${(PHASE_MS / 1000).toFixed(0)} s (${(result.rounds / (PHASE_MS / 1000)).toFixed(1)}/s, asked ${(share * closedLoopOrdersPerSecond).toFixed(1)}/s), ` +
          `${result.meanRoundsInFlight.toFixed(1)} in flight on average; round ${stats(result.latenciesMs['round'])}`,
      ],
      ['  place order', stats(result.latenciesMs['place-order'])],
      ['  append → My Orders visible', stats(result.latenciesMs['my-orders-visible'])],
      ['  purchase order', stats(result.latenciesMs['purchase-order'])],
      ['  round start waiting for a free shopper', stats(result.latenciesMs['round start late'])],
      [
        '  placed → confirmation email written',
        `${stats(mails.latencies)} over ${mails.latencies.length} orders, ${mails.missing} missing after 60 s`,
      ],
    ]),
    [
      'failed requests',
      JSON.stringify({
        ...adding.failures,
        ...Object.fromEntries(
          Object.entries(anonymousAdding.failures).map(([kind, count]) => [`anonymous ${kind}`, count]),
        ),
        ...Object.fromEntries(Object.entries(checkout.failures).map(([kind, count]) => [`checkout ${kind}`, count])),
        ...Object.fromEntries(Object.entries(lastUnits.failures).map(([kind, count]) => [`last units ${kind}`, count])),
        ...Object.fromEntries(
          atRates.flatMap(({ share, result }) =>
            Object.entries(result.failures).map(([kind, count]) => [`at ${share * 100} % ${kind}`, count]),
          ),
        ),
      }),
    ],
    [
      'My Orders reads without the new order',
      `${checkout.notVisible + lastUnits.notVisible + atRates.reduce((sum, { result }) => sum + result.notVisible, 0)}`,
    ],
    ['invoice PDFs rendered back to back, one process (5 lines)', `${pdfsPerSecond.toFixed(0)} PDFs/s`],
    [
      'placed → confirmation email written',
      `${stats(confirmations.latencies)} over ${confirmations.latencies.length} orders, ${confirmations.missing} missing after 60 s (target p99 < ${TARGETS.confirmationP99Ms} ms)`,
    ],
    ['  purchase order submitted → confirmation written', stats(confirmations.fromSubmitted)],
    ...CONFIRMATION_STEPS.map((step): [string, string] => [`  ${step}`, stats(confirmations.steps.get(step))]),
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);

  printCpuByPackage('signed-in add-to-cart', 'add', profiledAdding, 'add-to-cart');
  printCpuByPackage('checkout', 'order placed', profiledCheckout, 'place-order');

  const checks: [string, boolean][] = [
    [
      `add-to-cart ≥ ${TARGETS.addToCartRatio * 100}% of bare appends, signed in and anonymous`,
      Math.min(addRate, anonymousRate) / bare >= TARGETS.addToCartRatio,
    ],
    [
      `statements per add-to-cart ≤ ${TARGETS.addToCartStatements} on the request, signed in and anonymous`,
      Math.max(
        statementsPer(addingStatements, ROUTES.addToCart),
        statementsPer(anonymousStatements, ROUTES.anonymousAddToCart),
      ) <= TARGETS.addToCartStatements,
    ],
    [`place order p99 < ${TARGETS.placeOrderP99Ms} ms`, percentile(place, 0.99) < TARGETS.placeOrderP99Ms],
    [
      `append → My Orders visible p99 < ${TARGETS.visibleLagP99Ms} ms`,
      percentile(visible, 0.99) < TARGETS.visibleLagP99Ms,
    ],
    [
      `placed → confirmation email p99 < ${TARGETS.confirmationP99Ms} ms, none missing`,
      percentile(confirmations.latencies, 0.99) < TARGETS.confirmationP99Ms &&
        confirmations.missing + atRates.reduce((sum, { mails }) => sum + mails.missing, 0) === 0,
    ],
    [
      `last units: no oversell, all ${HOT_UNITS} units reserved`,
      oversells === 0 && lastUnits.reservedUnits === HOT_UNITS,
    ],
    [
      'no failed request, every placed order visible at once',
      Object.keys(adding.failures).length +
        Object.keys(anonymousAdding.failures).length +
        Object.keys(checkout.failures).length +
        Object.keys(lastUnits.failures).length +
        atRates.reduce((sum, { result }) => sum + Object.keys(result.failures).length + result.notVisible, 0) +
        checkout.notVisible +
        lastUnits.notVisible ===
        0,
    ],
  ];
  // The last bar: the read models the bench built under load are what a rebuild from the log makes.
  const verified = await verifyReadModels(shop.config.DATABASE_URL);
  console.log(`\nnpm run rebuild -- --verify on the bench's database\n${verified.output.trimEnd()}`);
  checks.push(['rebuild --verify after the bench: no difference in any read model', verified.clean]);
  console.log('');
  for (const [target, met] of checks) console.log(`${met ? 'meets ' : 'MISSES'}  ${target}`);
  if (checks.some(([, met]) => !met)) process.exitCode = 1;
} finally {
  await shop.stop();
}

/** `npm run rebuild -- --verify` against the bench's database while the shop still runs: its report, and whether it found nothing. */
async function verifyReadModels(databaseUrl: string): Promise<{ output: string; clean: boolean }> {
  const cli = fileURLToPath(new URL('../../../projectors/src/cli/rebuild.ts', import.meta.url));
  try {
    const { stdout } = await promisify(execFile)('npx', ['tsx', cli, '--verify'], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { output: stdout, clean: true };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { output: `${stdout}${stderr.split('\n').slice(-5).join('\n')}`, clean: false };
  }
}

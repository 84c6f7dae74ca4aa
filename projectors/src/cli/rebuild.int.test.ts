import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { checkpointName, physicalCollection } from '@labshop/platform/read-store/generations';
import { orderDesk, projections } from '../index.ts';
import type { OrderDeskEntry } from '@labshop/contracts/orders/desk-queries';
import { startProjectors } from '../start.ts';
import { appendHistory, shopHistory } from '../testing/shop-history.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = `${root}projectors/src/cli/rebuild.ts`;

let stores: Awaited<ReturnType<typeof createTestStores>>;
let pool: pg.Pool;

beforeAll(async () => {
  stores = await createTestStores();
  pool = new pg.Pool({ connectionString: stores.databaseUrl, max: 1 });
  await appendHistory(stores.eventStore, shopHistory(2_500, 11));
  const running = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  const head = await stores.eventStore.headPosition();
  for (const { name, version } of projections) {
    while (((await stores.readStore.getCheckpoint(checkpointName(name, version))) ?? '') < head)
      await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await running.stop();
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await stores?.drop();
});

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI against the test database; `killWhen` sends SIGKILL as soon as its stderr matches. */
function rebuild(args: string[], killWhen?: RegExp): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Node itself with tsx as a loader (not the tsx launcher, which runs Node as a child): SIGKILL reaches the rebuild.
    const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: { ...process.env, DATABASE_URL: stores.databaseUrl, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (killWhen?.test(stderr)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const rebuildCollections = async () =>
  (
    await pool.query<{ collection: string }>(
      `SELECT tablename AS collection FROM pg_tables WHERE schemaname = 'read_store' AND tablename LIKE '%\\_\\_rebuild' ORDER BY 1`,
    )
  ).rows.map((row) => row.collection);
const liveOrderDesk = () =>
  stores.readStore.collection<OrderDeskEntry>(physicalCollection(orderDesk.name, orderDesk.version));

describe('npm run rebuild', () => {
  it('survives a kill -9 half-way: the live models keep serving, a restart finishes, and --verify finds no difference', async () => {
    const liveBefore = await liveOrderDesk().find();

    // Killed at its second progress line: by then the first batches' writes have landed in the fresh collections.
    const killed = await rebuild(
      ['--batch-size', '10'],
      /(\[[#.]+\]\s+\d+% [1-9][\d,]* events [\d,]+ events\/s\n[^]*){2}/,
    );

    expect(killed.signal).toBe('SIGKILL');
    expect(killed.stdout).not.toContain('swapped in');
    expect((await rebuildCollections()).length).toBeGreaterThan(0);
    expect(await liveOrderDesk().find()).toEqual(liveBefore);

    const restarted = await rebuild([]);
    expect(restarted.code).toBe(0);
    expect(restarted.stdout).toContain('order-desk: rebuilt');
    expect(restarted.stderr).toMatch(/100% [\d,]+ events [\d,]+ events\/s/);

    const verified = await rebuild(['--verify']);
    expect(verified.code).toBe(0);
    for (const { name } of projections)
      expect(verified.stdout).toMatch(new RegExp(`^${name}: \\d+ documents rebuilt, no differences$`, 'm'));
    expect(await rebuildCollections()).toEqual([]);
  }, 60_000);

  it('--verify prints each difference and exits 1', async () => {
    const [damaged] = await liveOrderDesk().find({ limit: 1 });
    await liveOrderDesk().upsert({
      ...damaged!,
      kind: damaged!.kind === 'order' ? 'quote' : 'order',
      _position: `${damaged!._position}~`,
    });

    const verified = await rebuild(['order-desk', '--verify']);

    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain(
      `order-desk  ${damaged!.id}  kind  live: "${damaged!.kind === 'order' ? 'quote' : 'order'}"  rebuilt: "${damaged!.kind}"`,
    );
    expect(verified.stdout).toMatch(/^order-desk: \d+ documents rebuilt, 2 difference\(s\)$/m);
  }, 30_000);

  it('refuses an unknown read model', async () => {
    const run = await rebuild(['no-such-model']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Unknown read model: no-such-model');
  });
});

import { parseArgs } from 'node:util';
import { readConfig } from '@labshop/platform/config';
import { openStores } from '@labshop/platform/stores';
import { projections } from '../index.ts';
import { createProgressBar, estimateFraction } from '../rebuild/progress.ts';
import { rebuildProjections, verifyProjections, type RebuildOptions } from '../rebuild/rebuild.ts';

/**
 * `npm run rebuild -- [projection...] [--verify] [--batch-size N]`: rebuilds the named read models
 * (all by default) from the first event into fresh collections and swaps them in while the shop runs;
 * with `--verify`, compares the rebuild with the live models instead, prints every difference and
 * exits 1 if there is any. Progress and events/s go to stderr, results to stdout.
 */
const usage = `Usage: npm run rebuild -- [projection...] [--verify] [--batch-size N]\nRead models: ${projections.map((p) => p.name).join(', ')}`;

let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { verify: { type: 'boolean', default: false }, 'batch-size': { type: 'string', default: '2000' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const batchSize = Number(args.values['batch-size']);
const unknown = args.positionals.filter((name) => !projections.some((projection) => projection.name === name));
if (unknown.length > 0 || !Number.isSafeInteger(batchSize) || batchSize < 1) {
  console.error(
    `${unknown.length > 0 ? `Unknown read model: ${unknown.join(', ')}` : '--batch-size must be a positive whole number'}\n${usage}`,
  );
  process.exit(2);
}
const selected =
  args.positionals.length === 0
    ? projections
    : projections.filter((projection) => args.positionals.includes(projection.name));

const stores = await openStores(readConfig());
const bar = createProgressBar(args.values.verify ? 'verify ' : 'rebuild');
let latest = { events: 0, fraction: 0 };
const options: RebuildOptions = {
  ...stores,
  projections: selected,
  batchSize,
  onProgress: ({ read, position, first, head }) => {
    latest = { events: latest.events + read, fraction: estimateFraction(position, first, head) };
    bar.update(latest);
  },
};

const started = performance.now();
let exitCode = 0;
try {
  if (args.values.verify) {
    const verifications = await verifyProjections(options);
    bar.done({ ...latest, fraction: 1 });
    for (const { name, checkpoint, documents, differences } of verifications) {
      if (checkpoint === null) {
        console.log(`${name}: the live read model has not been built yet; nothing to compare`);
        exitCode = 1;
        continue;
      }
      for (const { id, field, live, rebuilt } of differences) {
        console.log(`${name}  ${id}  ${field || '(document)'}  live: ${show(live)}  rebuilt: ${show(rebuilt)}`);
      }
      console.log(
        `${name}: ${documents} documents rebuilt, ${differences.length === 0 ? 'no differences' : `${differences.length} difference(s)`}`,
      );
      if (differences.length > 0) exitCode = 1;
    }
  } else {
    const results = await rebuildProjections(options);
    bar.done({ ...latest, fraction: 1 });
    for (const { name, documents } of results) console.log(`${name}: rebuilt ${documents} documents and swapped in`);
  }
  const seconds = (performance.now() - started) / 1_000;
  console.log(`${latest.events} events in ${seconds.toFixed(1)} s (${Math.round(latest.events / seconds)} events/s)`);
} finally {
  await stores.close();
}
process.exit(exitCode);

function show(value: unknown): string {
  return value === undefined ? '(absent)' : JSON.stringify(value);
}

import { parseArgs } from 'node:util';
import { readConfig } from '@labshop/platform/config';
import { ledgerCsv, ledgerTable } from '@labshop/contracts/finance/ledger-format';
import { replayLedger, type ReplayProgress } from '@labshop/platform/finance/replay-ledger';
import { ledgerFormats, parseAsOf, type FinanceLedger, type LedgerFormat } from '@labshop/contracts/finance/queries';

/**
 * `npm run finance -- ledger --as-of <ISO time> [--format table|csv|json]`: the finance ledger as of a
 * moment, replayed straight from the event store (`replayLedger`, the back office's route's too). The
 * ledger goes to stdout; progress (a bar and events/s, once a run takes a while) and the run's figures to
 * stderr. Exit codes: 0 done, 2 a wrong command line (usage on stderr), 1 the stores failed.
 */

const USAGE =
  'Usage: npm run finance -- ledger --as-of <ISO 8601 time, e.g. 2026-11-23T15:00:00Z> [--format table|csv|json]';

function usageError(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

function readCommandLine(argv: string[]): { asOf: Date; format: LedgerFormat } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'as-of': { type: 'string' }, format: { type: 'string', default: 'table' } },
    });
  } catch (error) {
    usageError(error instanceof Error ? error.message : String(error));
  }
  const { positionals, values } = parsed;
  if (positionals[0] !== 'ledger' || positionals.length > 1)
    usageError(positionals.length === 0 ? 'Say what to print: ledger.' : `Unknown command: ${positionals.join(' ')}.`);
  if (values['as-of'] === undefined) usageError('--as-of is missing.');
  const moment = parseAsOf(values['as-of'], new Date());
  if ('problem' in moment) usageError(`--as-of: ${moment.problem}.`);
  const format = ledgerFormats.find((name) => name === values.format);
  if (!format) usageError(`--format: "${values.format}" is not one of ${ledgerFormats.join(', ')}.`);
  return { asOf: moment.asOf, format };
}

/** Shown once a replay has run this long, so short runs print no bar at all. */
const SHOW_PROGRESS_AFTER_MS = 1_000;
/** Without a terminal (a log), a progress line at most this often. */
const LOG_PROGRESS_EVERY_MS = 5_000;
const BAR_WIDTH = 30;

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function progressLine({ events, eventsPerSecond, fraction }: ReplayProgress): string {
  const filled = Math.round(fraction * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%  ${count.format(events)} events  ${count.format(eventsPerSecond)} events/s`;
}

/** Draws the bar on a terminal (redrawn in place), or logs a line now and then elsewhere. */
function progressReporter(stream: NodeJS.WriteStream) {
  let lastLogged = 0;
  let drawn = false;
  return (progress: ReplayProgress) => {
    if (progress.done) {
      if (drawn && stream.isTTY) stream.write('\n');
      return;
    }
    if (progress.elapsedMs < SHOW_PROGRESS_AFTER_MS) return;
    if (stream.isTTY) {
      stream.write(`\r${progressLine(progress)}`);
      drawn = true;
    } else if (progress.elapsedMs - lastLogged >= LOG_PROGRESS_EVERY_MS) {
      stream.write(`${progressLine(progress)}\n`);
      lastLogged = progress.elapsedMs;
    }
  };
}

function render(ledger: FinanceLedger, format: LedgerFormat): string {
  switch (format) {
    case 'table':
      return ledgerTable(ledger);
    case 'csv':
      return ledgerCsv(ledger);
    case 'json':
      return `${JSON.stringify(ledger, null, 2)}\n`;
  }
}

const { asOf, format } = readCommandLine(process.argv.slice(2));
const config = readConfig();
// Loaded once the command line is right: the database drivers take a while, a usage error should not wait for them.
const { openEventStoreToRead } = await import('@labshop/platform/stores');
const eventStore = await openEventStoreToRead(config);
try {
  const started = performance.now();
  const report = progressReporter(process.stderr);
  let read = 0;
  const ledger = await replayLedger(eventStore, asOf, (progress) => {
    read = progress.events;
    report(progress);
  });
  process.stdout.write(render(ledger, format));
  const seconds = (performance.now() - started) / 1000;
  console.error(
    `Replayed ${count.format(ledger.eventsReplayed)} events up to ${ledger.asOf} (${count.format(read)} read) in ${seconds.toFixed(2)} s, ${count.format(read / Math.max(seconds, 0.001))} events/s.`,
  );
} catch (error) {
  const where = config.EVENTSTORE_URL ? 'EVENTSTORE_URL' : 'DATABASE_URL';
  console.error(
    `Could not replay the event store (${where}): ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await eventStore.close();
}

import type { EventStore } from '../event-store/port.ts';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { emptyLedgerState, foldLedger, ledgerAt, ledgerEventTypes } from '@labshop/contracts/finance/ledger';

/**
 * Recorded times (`metadata.occurredAt`, the clock of the command that caused the event) follow the log's
 * commit order only roughly: two commands handled at once may commit in the other order. The replay reads
 * this far past the moment, still counting only events recorded at or before it, so such a pair is never
 * cut in two; then it stops.
 */
export const RECORDED_TIME_SKEW_MS = 5_000;

/** How often (in events read) the replay reports its progress. */
const PROGRESS_EVERY = 10_000;

export interface ReplayProgress {
  /** Ledger events read from the store so far. */
  events: number;
  elapsedMs: number;
  eventsPerSecond: number;
  /** How far the replay has got, 0 to 1: the recorded time reached, between the first event's and the moment. */
  fraction: number;
  done: boolean;
}

/**
 * The ledger as of `asOf`, replayed from the event store itself (never a read model): every order,
 * payment, invoice and quote event in log order, those recorded up to the moment folded, stopping at the
 * first one recorded after it (beyond the skew allowance). The CLI, the back office's route and
 * `bench:replay` all call this.
 */
export async function replayLedger(
  eventStore: EventStore,
  asOf: Date,
  onProgress?: (progress: ReplayProgress) => void,
): Promise<FinanceLedger> {
  const asOfMs = asOf.getTime();
  const stopAfterMs = asOfMs + RECORDED_TIME_SKEW_MS;
  const state = emptyLedgerState();
  const started = performance.now();
  let read = 0;
  let firstMs = Number.NaN;
  let reachedMs = Number.NaN;
  const report = (done: boolean) => {
    if (!onProgress) return;
    const elapsedMs = performance.now() - started;
    const span = asOfMs - firstMs;
    const fraction = done ? 1 : span > 0 ? Math.min(1, Math.max(0, (reachedMs - firstMs) / span)) : 0;
    onProgress({
      events: read,
      elapsedMs,
      eventsPerSecond: elapsedMs > 0 ? (read * 1000) / elapsedMs : 0,
      fraction,
      done,
    });
  };

  for await (const event of eventStore.readAll({ types: ledgerEventTypes })) {
    const recordedMs = Date.parse(event.metadata.occurredAt);
    if (recordedMs > stopAfterMs) break;
    read += 1;
    if (read === 1) firstMs = recordedMs;
    reachedMs = recordedMs;
    if (recordedMs <= asOfMs) foldLedger(state, event as unknown as OrderEvent);
    if (read % PROGRESS_EVERY === 0) report(false);
  }
  report(true);
  return ledgerAt(state, asOf);
}

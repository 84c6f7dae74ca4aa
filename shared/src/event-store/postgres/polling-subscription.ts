import type { BatchHandler, Position, RecordedEvent, Subscription } from '../port.ts';

export interface Page {
  events: RecordedEvent[];
  /** Where the next read starts; may lie beyond the last event when rows below the horizon were all scanned. */
  nextCursor: Position;
  /** The page was full, so more rows may be waiting right now. */
  full: boolean;
}

export interface PollingOptions {
  after: Position;
  readPage(cursor: Position): Promise<Page>;
  handler: BatchHandler;
  pollIntervalMs: number;
  isTransient(error: unknown): boolean;
}

export interface PollingSubscription extends Subscription {
  /** Reads again at once instead of waiting for the poll interval. */
  wake(): void;
}

const MAX_RETRY_DELAY_MS = 5_000;

/** Reads page after page, hands each to the handler and waits for it (backpressure), then polls or is woken. */
export function startPollingSubscription({ after, readPage, handler, pollIntervalMs, isTransient }: PollingOptions): PollingSubscription {
  let stopped = false;
  let wokenEarly = false;
  let interruptSleep: (() => void) | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped || wokenEarly) return resolve();
      const timer = setTimeout(finish, ms);
      interruptSleep = () => {
        clearTimeout(timer);
        finish();
      };
      function finish() {
        interruptSleep = undefined;
        resolve();
      }
    });

  const run = async () => {
    let cursor = after;
    let retryDelayMs = pollIntervalMs;
    while (!stopped) {
      wokenEarly = false;
      let page: Page;
      try {
        page = await readPage(cursor);
        retryDelayMs = pollIntervalMs;
      } catch (error) {
        if (!isTransient(error)) throw error;
        await sleep(retryDelayMs);
        retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
        continue;
      }
      if (stopped) return;
      if (page.events.length > 0) await handler(page.events);
      cursor = page.nextCursor;
      if (!page.full) await sleep(pollIntervalMs);
    }
  };

  const done = run();
  return {
    done,
    wake() {
      wokenEarly = true;
      interruptSleep?.();
    },
    async stop() {
      stopped = true;
      interruptSleep?.();
      await done.catch(() => undefined);
    },
  };
}

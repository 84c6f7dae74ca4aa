import type { BatchHandler, Position, RecordedEvent, Subscription } from '../port.ts';

export interface Page {
  events: RecordedEvent[];
  /** Where the next read starts; may lie beyond the last event when rows below the horizon were all scanned. */
  nextCursor: Position;
  /** The page was full, so more rows may be waiting right now. */
  full: boolean;
  /**
   * Committed events lie beyond the horizon (a transaction older than theirs still runs in the database): they
   * become readable when it ends, which nothing announces, so the reader looks again soon.
   */
  heldBack: boolean;
}

export interface SubscriptionOptions {
  after: Position;
  readPage(cursor: Position): Promise<Page>;
  handler: BatchHandler;
  /** How soon a reader looks again when events are held back behind the horizon. */
  heldBackRetryMs: number;
  isTransient(error: unknown): boolean;
}

export interface WokenSubscription extends Subscription {
  /** Reads again at once (new events were appended, or the wake-up channel reconnected). */
  wake(): void;
}

const MAX_RETRY_DELAY_MS = 5_000;

/**
 * Reads page after page, hands each to the handler and waits for it (backpressure: after a full page the next one
 * is read meanwhile, no more); once it has read everything it sleeps until woken (an append, in this process or
 * announced by NOTIFY), without polling.
 * Only events held back behind the horizon are looked for again after `heldBackRetryMs`, and a failed read
 * after a backoff.
 */
export function startWokenSubscription({
  after,
  readPage,
  handler,
  heldBackRetryMs,
  isTransient,
}: SubscriptionOptions): WokenSubscription {
  let stopped = false;
  let wokenEarly = false;
  let interruptSleep: (() => void) | undefined;

  /** Until woken or stopped; with `ms`, at most that long. */
  const sleep = (ms?: number) =>
    new Promise<void>((resolve) => {
      if (stopped || wokenEarly) return resolve();
      const timer = ms === undefined ? undefined : setTimeout(finish, ms);
      interruptSleep = () => {
        clearTimeout(timer);
        finish();
      };
      function finish() {
        interruptSleep = undefined;
        resolve();
      }
    });

  /** Reads the page after `cursor`; a failure is answered, not thrown, so a read left behind rejects nothing. */
  const startRead = (cursor: Position): Promise<{ page: Page } | { error: unknown }> => {
    // A wake-up from here on may concern rows this read does not see: it keeps the sleep after it from starting.
    wokenEarly = false;
    return readPage(cursor).then(
      (page) => ({ page }),
      (error: unknown) => ({ error }),
    );
  };

  const run = async () => {
    let cursor = after;
    let retryDelayMs = heldBackRetryMs;
    let reading = startRead(cursor);
    while (!stopped) {
      const read = await reading;
      if ('error' in read) {
        if (!isTransient(read.error)) throw read.error;
        await sleep(retryDelayMs);
        retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
        reading = startRead(cursor);
        continue;
      }
      retryDelayMs = heldBackRetryMs;
      if (stopped) return;
      const { page } = read;
      cursor = page.nextCursor;
      if (page.events.length > 0) {
        // After a full page (catching up) the next one is read while the handler folds this one: one page ahead, so a
        // catch-up waits for the longer of read and handler, not their sum. After a page that was not full the next
        // read starts when the handler is done, so it takes in everything appended meanwhile: read ahead, the events
        // appended during the handler would wait for one more batch.
        const next = page.full ? startRead(cursor) : null;
        await handler(page.events);
        if (next === null) await sleep(page.heldBack ? heldBackRetryMs : undefined);
        reading = next ?? startRead(cursor);
        continue;
      }
      if (!page.full) await sleep(page.heldBack ? heldBackRetryMs : undefined);
      reading = startRead(cursor);
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

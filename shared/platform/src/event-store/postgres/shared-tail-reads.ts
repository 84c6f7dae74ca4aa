import type { Position } from '../port.ts';
import type { Page } from './woken-subscription.ts';

export interface SharedTailReads {
  /**
   * New events may have been appended (an append woke the subscriptions, or a notification did): a read started
   * before may not see them, so none is shared from here on.
   */
  moved(): void;
  /** Every event after `cursor` (all types, up to the store's page size), read once for every caller at that cursor. */
  read(cursor: Position): Promise<Page>;
}

/**
 * The log's tail read once for all of a store's live subscriptions. An append wakes every subscription of the
 * process at once, and those that had read everything are at the same cursor: each one reading the tail for its own
 * types took one statement per subscription and append. They share one read (of every type) instead, each keeping its
 * types (`pageOfTypes`). A read is shared only until the next `moved()`, so a subscription woken by an append never
 * takes a read that started before it. A page with events held back is not shared once read: its subscriptions look
 * again soon without being woken, and must then read afresh.
 */
export function sharedTailReads(readTail: (cursor: Position) => Promise<Page>): SharedTailReads {
  let reads = new Map<Position, Promise<Page>>();
  return {
    moved() {
      reads = new Map();
    },
    read(cursor) {
      const shared = reads.get(cursor);
      if (shared) return shared;
      const current = reads;
      const read = readTail(cursor);
      current.set(cursor, read);
      const forget = () => {
        if (current.get(cursor) === read) current.delete(cursor);
      };
      read.then((page) => page.heldBack && forget(), forget);
      return read;
    },
  };
}

/**
 * A subscription's page out of a shared one: its types only (all when `types` is null), at most `maxBatchSize` of
 * them. A page cut short is full (the subscription reads on at once, after its last event); otherwise it ends where
 * the shared page ends, which may lie beyond its last event.
 */
export function pageOfTypes(page: Page, types: ReadonlySet<string> | null, maxBatchSize: number): Page {
  const events = page.events.filter((event) => types === null || types.has(event.type));
  if (events.length <= maxBatchSize) return { ...page, events };
  const kept = events.slice(0, maxBatchSize);
  return { events: kept, nextCursor: kept.at(-1)!.position, full: true, heldBack: page.heldBack };
}

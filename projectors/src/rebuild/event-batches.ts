import type { EventStore, Position, RecordedEvent } from '@labshop/platform/event-store/port';

/**
 * The log after `after` in batches of `batchSize`, each read while the previous one is being
 * applied, until a batch comes back short (the reader has reached what is visible now).
 */
export async function* eventBatches(
  eventStore: EventStore,
  after: Position,
  batchSize: number,
): AsyncGenerator<RecordedEvent[]> {
  const read = async (from: Position) => {
    const events: RecordedEvent[] = [];
    for await (const event of eventStore.readAll({ after: from, limit: batchSize })) events.push(event);
    return events;
  };
  let next = read(after);
  while (true) {
    const batch = await next;
    const last = batch.at(-1);
    if (!last) return;
    const full = batch.length === batchSize;
    if (full) {
      next = read(last.position);
      // Awaited on the next turn; this keeps a consumer that stops early from leaving an unhandled rejection.
      next.catch(() => undefined);
    }
    yield batch;
    if (!full) return;
  }
}

import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { isOrderEvent, orderStream } from '@labshop/contracts/orders/events';
import { foldOrder, type FoldedOrder } from '@labshop/contracts/orders/fold-order';

/**
 * An order's stream and its one fold (`foldOrder`, what My Orders shows and the decider decides on), up to `toRevision` when given:
 * a mail about an event tells the order as it was when that event happened, whenever the job runs.
 */
export async function readOrder(
  eventStore: EventStore,
  orderId: string,
  toRevision?: number,
): Promise<{ order: FoldedOrder | null; events: RecordedEvent[] }> {
  const events: RecordedEvent[] = [];
  for await (const event of eventStore.readStream(orderStream(orderId), toRevision === undefined ? {} : { toRevision }))
    events.push(event);
  const order = events
    .filter(isOrderEvent)
    .reduce<FoldedOrder | null>((folded, event) => foldOrder(folded, event), null);
  return { order, events };
}

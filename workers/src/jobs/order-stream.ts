import type { EventStore, RecordedEvent } from '@labshop/shared/event-store/port';
import { isOrderEvent, orderStream } from '@labshop/shared/events/orders';
import { foldOrder, type FoldedOrder } from '@labshop/shared/orders/fold-order';


/**
 * An order's stream and its fold (the one the command API decides from), up to `toRevision` when given:
 * a mail about an event tells the order as it was when that event happened, whenever the job runs.
 */
export async function readOrder(eventStore: EventStore, orderId: string, toRevision?: number): Promise<{ order: FoldedOrder | null; events: RecordedEvent[] }> {
  const events: RecordedEvent[] = [];
  for await (const event of eventStore.readStream(orderStream(orderId), toRevision === undefined ? {} : { toRevision })) events.push(event);
  const order = events.filter(isOrderEvent).reduce<FoldedOrder | null>((folded, event) => foldOrder(folded, event), null);
  return { order, events };
}

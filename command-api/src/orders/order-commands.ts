import type { EventMetadata, EventStore, ExpectedRevision, Position } from '@labshop/platform/event-store/port';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import type { FoldedStream } from '@labshop/platform/deciders/stream-fold-cache';
import { orderDecider, type OrderCommand, type OrderState } from '@labshop/contracts/orders/decider';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { foldOrder, type FoldedOrder } from '@labshop/contracts/orders/fold-order';

/**
 * An order's stream read once into both of its folds: the deciders' state, and the order as the read side
 * shows it (`foldOrder`, what My Orders and the order desk store), which a command answers with.
 */
export interface ReadOrder extends FoldedStream<OrderState> {
  order: FoldedOrder | null;
  /** The fingerprint of the body each idempotency key last placed or revised the order with (undefined: recorded without one). */
  placements: ReadonlyMap<string, string | undefined>;
}

export async function readOrder(eventStore: EventStore, orderId: string): Promise<ReadOrder> {
  let state = orderDecider.initialState();
  let order: FoldedOrder | null = null;
  let revision: ExpectedRevision = 'no_stream';
  let position: Position = '';
  const placements = new Map<string, string | undefined>();
  for await (const recorded of eventStore.readStream(orderStream(orderId))) {
    const event = { type: recorded.type, data: recorded.data } as OrderEvent;
    state = orderDecider.evolve(state, event);
    order = foldOrder(order, event);
    if (event.type === 'OrderPlaced' || event.type === 'CheckoutRevised')
      placements.set(event.data.idempotencyKey, event.data.requestFingerprint);
    revision = recorded.revision;
    position = recorded.position;
  }
  return { state, order, placements, revision, position };
}

/**
 * Decides an order command (handleCommand) and answers the order after it as the read side folds it: the
 * order read with the state the decision was made on, and the events just appended. `first` is a read the
 * caller already has, for the first decision; a lost race reads the stream again. `decidedOn` is the read the
 * last decision was made on.
 */
export async function runOrderCommand(
  eventStore: EventStore,
  orderId: string,
  command: OrderCommand,
  metadata: EventMetadata,
  first?: ReadOrder,
) {
  let unread = first;
  let decidedOn: ReadOrder | undefined;
  const load = async () => {
    decidedOn = unread ?? (await readOrder(eventStore, orderId));
    unread = undefined;
    return decidedOn;
  };
  const handled = await handleCommand(eventStore, orderStream(orderId), orderDecider, command, metadata, { load });
  const order = handled.events.reduce(foldOrder, decidedOn!.order);
  // Every command decided on a placed order, or placed it: an order is there to answer.
  return { ...handled, view: order!.view, decidedOn: decidedOn! };
}

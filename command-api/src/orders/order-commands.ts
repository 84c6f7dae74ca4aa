import type { EventMetadata, EventStore, ExpectedRevision, Position } from '@labshop/platform/event-store/port';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import type { FoldedStream } from '@labshop/platform/deciders/stream-fold-cache';
import { orderDecider, type OrderCommand } from '@labshop/contracts/orders/decider';
import { isOrderEvent, orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import type { FoldedOrder } from '@labshop/contracts/orders/fold-order';

/**
 * An order's stream read once into its one fold (`foldOrder`): what the decider decides on, and the order as
 * the read side shows it (what My Orders and the order desk store), which a command answers with.
 */
export interface ReadOrder extends FoldedStream<FoldedOrder | null> {
  /** The fingerprint of the body each idempotency key last placed or revised the order with (undefined: recorded without one). */
  placements: ReadonlyMap<string, string | undefined>;
}

export async function readOrder(eventStore: EventStore, orderId: string): Promise<ReadOrder> {
  let state = orderDecider.initialState();
  let revision: ExpectedRevision = 'no_stream';
  let position: Position = '';
  const placements = new Map<string, string | undefined>();
  for await (const recorded of eventStore.readStream(orderStream(orderId))) {
    // The stream also holds what became of a retained document (downloads, shredding): not the order's to fold.
    if (isOrderEvent(recorded)) {
      const event = { type: recorded.type, data: recorded.data } as OrderEvent;
      state = orderDecider.evolve(state, event);
      if (event.type === 'OrderPlaced' || event.type === 'CheckoutRevised')
        placements.set(event.data.idempotencyKey, event.data.requestFingerprint);
    }
    revision = recorded.revision;
    position = recorded.position;
  }
  return { state, placements, revision, position };
}

/**
 * Decides an order command (handleCommand) and answers the order after it as the read side shows it: the
 * fold the decision was made on with the events just appended. `first` is a read the caller already has, for
 * the first decision; a lost race reads the stream again. `decidedOn` is the read the last decision was made on.
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
  // Every command decided on a placed order, or placed it: an order is there to answer.
  return { ...handled, view: handled.state!.view, decidedOn: decidedOn! };
}

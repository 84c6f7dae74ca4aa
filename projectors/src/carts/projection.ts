import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { cartEventTypes, cartOfStream, type CartEvent } from '@labshop/contracts/carts/events';
import { emptyCart, evolveCart } from '@labshop/contracts/carts/fold-cart';
import { cartsReadModel, type CartDocument } from '@labshop/contracts/carts/queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isOfCart = eventGuard<CartEvent>(cartEventTypes);
const isCartEvent = (event: RecordedEvent): event is RecordedEvent & CartEvent =>
  isOfCart(event) && cartOfStream(event.stream) !== null;

export const carts: Projection<CartDocument> = {
  ...cartsReadModel,
  version: 1,

  documentIds(event) {
    return isCartEvent(event) ? [event.stream] : [];
  },

  project(document, event) {
    const cart = cartOfStream(event.stream);
    if (!isCartEvent(event) || !cart) return document;
    const { lines, updatedAt } = evolveCart(document ?? emptyCart(), event);
    // The stream's own revision, so the view's revision matches the command API's even if events were skipped.
    return { id: event.stream, ...cart, lines, updatedAt, revision: event.revision };
  },
};

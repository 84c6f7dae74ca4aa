import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { cartEventTypes, cartOfStream, type CartEvent } from '@labshop/contracts/carts/events';
import { emptyCart, evolveCart } from '@labshop/contracts/carts/fold-cart';
import { cartsReadModel, type CartDocument } from '@labshop/contracts/carts/queries';
import type { Projection } from '@labshop/platform/read-store/projection';

const CART_EVENT_TYPES: ReadonlySet<string> = new Set(cartEventTypes);
const isCartEvent = (event: RecordedEvent): event is RecordedEvent & CartEvent =>
  CART_EVENT_TYPES.has(event.type) && cartOfStream(event.stream) !== null;

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

import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { cartEventTypes, cartOfStream, type CartEvent } from '@labshop/shared/events/carts';
import { emptyCart, evolveCart, type CartContents } from '@labshop/shared/carts/fold-cart';
import type { Projection } from '../projection.ts';

/**
 * One document per cart stream (id = the stream name, `cart-<id>` or `customer-cart-<customerId>`),
 * folded with the same `evolveCart` the command API decides with, so a read shows what the last
 * command answered. Expiry is applied when it is read (`cartView(cartId, document, now)`): a cart
 * nobody touches has no event to empty it.
 */
export interface CartDocument extends StoredDocument, CartContents {
  owner: 'anonymous' | 'customer';
  /** The anonymous cart id, or the customer id. */
  cartId: string;
}

const CART_EVENT_TYPES: ReadonlySet<string> = new Set(cartEventTypes);
const isCartEvent = (event: RecordedEvent): event is RecordedEvent & CartEvent => CART_EVENT_TYPES.has(event.type) && cartOfStream(event.stream) !== null;

export const carts: Projection<CartDocument> = {
  name: 'carts',
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

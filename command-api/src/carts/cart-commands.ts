import type { EventMetadata, EventStore } from '@labshop/shared/event-store/port';
import { handleCommand } from '../command-handler.ts';
import { createStreamFoldCache, type FoldedStream, type StreamFoldCache } from '../catalogue/stream-fold-cache.ts';
import { cartDecider, type CartCommand, type CartState } from './decider.ts';

// One cache of folded carts per event store, shared by the cart routes and the orders (checkout, repeat order).
const cartsByStore = new WeakMap<EventStore, StreamFoldCache<CartState>>();

function cartFolds(store: EventStore): StreamFoldCache<CartState> {
  let carts = cartsByStore.get(store);
  if (!carts) {
    carts = createStreamFoldCache(store, cartDecider, { maxStreams: 20_000 });
    cartsByStore.set(store, carts);
  }
  return carts;
}

/** A cart stream folded up to now (one read of its newest events). */
export function loadCart(store: EventStore, stream: string): Promise<FoldedStream<CartState>> {
  return cartFolds(store).fold(stream);
}

/** Decides a cart command on `cart-<id>` or `customer-cart-<id>` and appends; answers the state after it. */
export function runCartCommand(store: EventStore, stream: string, command: CartCommand, metadata: EventMetadata) {
  return handleCommand(store, stream, cartDecider, command, metadata, { load: (name) => loadCart(store, name) });
}

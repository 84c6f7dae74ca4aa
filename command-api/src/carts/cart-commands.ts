import type { EventMetadata, EventStore } from '@labshop/platform/event-store/port';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import {
  createStreamFoldCache,
  type FoldedStream,
  type StreamFoldCache,
} from '@labshop/platform/deciders/stream-fold-cache';
import { cartDecider, type CartCommand, type CartState } from './decider.ts';

// One cache of folded carts per event store, shared by the cart routes and the orders (checkout, repeat order);
// 5,000 recent carts of a few KB each (lines and the last 100 command ids).
const cartsByStore = new WeakMap<EventStore, StreamFoldCache<CartState>>();

function cartFolds(store: EventStore): StreamFoldCache<CartState> {
  let carts = cartsByStore.get(store);
  if (!carts) {
    carts = createStreamFoldCache(store, cartDecider, { maxStreams: 5_000 });
    cartsByStore.set(store, carts);
  }
  return carts;
}

/** A cart stream folded up to now (one read of its newest events). */
export function loadCart(store: EventStore, stream: string): Promise<FoldedStream<CartState>> {
  return cartFolds(store).fold(stream);
}

/**
 * The cart as this process last folded or decided it, without reading (it may be behind the stream: another
 * instance's writes are not in it), or undefined. Only for a guess that a read made beside it confirms.
 */
export function cachedCart(store: EventStore, stream: string): FoldedStream<CartState> | undefined {
  return cartFolds(store).peek(stream);
}

/**
 * Decides a cart command on `cart-<id>` or `customer-cart-<id>` and appends; answers the state after it.
 * Decided on the cached cart first (no read); the append at its revision catches a stale one.
 */
export function runCartCommand(store: EventStore, stream: string, command: CartCommand, metadata: EventMetadata) {
  return handleCommand(store, stream, cartDecider, command, metadata, { cache: cartFolds(store) });
}

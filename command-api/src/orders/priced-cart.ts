import { randomUUID } from 'node:crypto';
import type { EventStore } from '@labshop/platform/event-store/port';
import { DomainError } from '@labshop/contracts/domain-error';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { activeLines } from '@labshop/contracts/carts/fold-cart';
import { cartView } from '@labshop/contracts/carts/cart-view';
import type { CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { cartDecider } from '../carts/decider.ts';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';
import { loadCart } from '../carts/cart-commands.ts';
import { findCurrentOffer, shipsOnDryIce, type CurrentOffer, type OfferRef } from '../catalogue/prices.ts';

/** The catalogue's offer for a line now, or null when it is not sold any more (a pack size it no longer has included). */
export async function offerNow(store: EventStore, ref: OfferRef): Promise<CurrentOffer | null> {
  try {
    return await findCurrentOffer(store, ref);
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * The customer's cart as it would be charged now: folded from `customer-cart-<id>` (an expired cart is
 * empty) and re-priced from the catalogue streams exactly as the cart's refresh would re-price it,
 * without writing anything: a placement that is refused leaves the cart as it was.
 */
export async function pricedCustomerCart(store: EventStore, customerId: string, now: Date): Promise<CartView> {
  const { state } = await loadCart(store, customerCartStream(customerId));
  const lines = activeLines(state.cart, now);
  const offers = new Map(
    await Promise.all(lines.map(async (line) => [cartLineKey(line), await offerNow(store, line)] as const)),
  );
  const refresh = cartDecider.decide({ type: 'RefreshPrices', commandId: randomUUID(), now, offers }, state);
  const repriced = refresh.reduce(cartDecider.evolve, state);
  return cartView(customerId, repriced.cart, now);
}

/** Which of these cart lines' details the catalogue ships on dry ice now, read from its streams as the prices are. */
export async function dryIceDetailsOf(
  store: EventStore,
  lines: readonly Pick<CartLineView, 'subproductId' | 'detailId'>[],
): Promise<ReadonlySet<string>> {
  const flags = await Promise.all(
    lines.map(async (line) => ((await shipsOnDryIce(store, line)) ? [line.detailId] : [])),
  );
  return new Set(flags.flat());
}

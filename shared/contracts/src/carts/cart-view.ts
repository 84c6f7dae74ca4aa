import type { CartView } from './queries.ts';
import { cartItemCount, cartSubtotalCents } from './cart-totals.ts';
import { activeLines, cartExpiresAt, type CartContents } from './fold-cart.ts';

/** The CartView of a folded cart as of `now` (an expired cart shows empty). `cartId` is the anonymous cart id or the customer id. */
export function cartView(cartId: string, cart: CartContents, now: Date): CartView {
  const active = activeLines(cart, now);
  const lines = active.map((line) => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity }));
  return {
    cartId,
    lines,
    itemCount: cartItemCount(lines),
    subtotalCents: cartSubtotalCents(lines),
    updatedAt: cart.updatedAt,
    expiresAt: cartExpiresAt({ ...cart, lines: active })?.toISOString() ?? null,
    revision: cart.revision,
  };
}

import { sumCents } from '../money.ts';
import type { CartView } from '../queries/carts.ts';
import { activeLines, cartExpiresAt, type CartContents } from './fold-cart.ts';

/** The CartView of a folded cart as of `now` (an expired cart shows empty). `cartId` is the anonymous cart id or the customer id. */
export function cartView(cartId: string, cart: CartContents, now: Date): CartView {
  const active = activeLines(cart, now);
  const lines = active.map((line) => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity }));
  return {
    cartId,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents: sumCents(lines, (line) => (line.available ? line.lineTotalCents : 0)),
    updatedAt: cart.updatedAt,
    expiresAt: cartExpiresAt({ ...cart, lines: active })?.toISOString() ?? null,
    revision: cart.revision,
  };
}

import type { CartChange, CartLineView, CartView } from './queries.ts';
import { cartItemCount, cartSubtotalCents } from './cart-totals.ts';
import { activeLines, cartExpiresAt, isSameLine, type CartContents, type CartLine } from './fold-cart.ts';

const lineView = (line: CartLine): CartLineView => ({ ...line, lineTotalCents: line.unitPriceCents * line.quantity });

/** The view's fields besides its lines, for the cart with these active lines. */
const cartSummary = (cartId: string, cart: CartContents, active: readonly CartLine[], lines: CartLineView[]) => ({
  cartId,
  itemCount: cartItemCount(lines),
  subtotalCents: cartSubtotalCents(lines),
  updatedAt: cart.updatedAt,
  expiresAt: cartExpiresAt({ ...cart, lines: active })?.toISOString() ?? null,
  revision: cart.revision,
});

/** The CartView of a folded cart as of `now` (an expired cart shows empty). `cartId` is the anonymous cart id or the customer id. */
export function cartView(cartId: string, cart: CartContents, now: Date): CartView {
  const active = activeLines(cart, now);
  const lines = active.map(lineView);
  return { ...cartSummary(cartId, cart, active, lines), lines };
}

/**
 * From the cart a command was decided on to the cart after it, as of `now`. Lines the fold left untouched are the
 * same objects before and after, so only the changed ones are looked at twice.
 */
export function cartChange(cartId: string, before: CartContents, after: CartContents, now: Date): CartChange {
  const active = activeLines(after, now);
  const lines = active.map(lineView);
  const unchanged = new Set(before.lines);
  const kept = new Set(active);
  return {
    ...cartSummary(cartId, after, active, lines),
    basedOn: before.revision,
    changedLines: lines.filter((_, index) => !unchanged.has(active[index]!)),
    removedLines: before.lines
      .filter((line) => !kept.has(line) && !active.some((now) => isSameLine(now, line)))
      .map(({ detailId, packSize }) => ({ detailId, packSize })),
  };
}

/** The lines of the cart at `change.basedOn` with the change applied: the cart's lines at `change.revision`. */
export function applyCartChange(lines: readonly CartLineView[], change: CartChange): CartLineView[] {
  const result = lines.filter((line) => !change.removedLines.some((removed) => isSameLine(removed, line)));
  for (const changed of change.changedLines) {
    const index = result.findIndex((line) => isSameLine(line, changed));
    if (index === -1) result.push(changed);
    else result[index] = changed;
  }
  return result;
}

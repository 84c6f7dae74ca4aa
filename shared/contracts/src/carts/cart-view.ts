import type { CartChange, CartLineView, CartView } from './queries.ts';
import { cartItemCount, cartSubtotalCents } from './cart-totals.ts';
import { lineTotalCents } from '../money.ts';
import type { PricedCartLine } from './events.ts';
import { activeLines, addLine, cartExpiresAt, isSameLine, type CartContents, type CartLine } from './fold-cart.ts';

const lineView = (line: CartLine): CartLineView => ({ ...line, lineTotalCents: lineTotalCents(line) });

/** The view's fields besides its lines, for the cart with these active lines. */
const cartSummary = (cartId: string, cart: CartContents, active: readonly CartLine[]) => ({
  cartId,
  itemCount: cartItemCount(active),
  subtotalCents: cartSubtotalCents(active),
  updatedAt: cart.updatedAt,
  expiresAt: cartExpiresAt({ ...cart, lines: active })?.toISOString() ?? null,
  revision: cart.revision,
});

/** The CartView of a folded cart as of `now` (an expired cart shows empty). `cartId` is the anonymous cart id or the customer id. */
export function cartView(cartId: string, cart: CartContents, now: Date): CartView {
  const active = activeLines(cart, now);
  return { ...cartSummary(cartId, cart, active), lines: active.map(lineView) };
}

/**
 * From the cart a command was decided on to the cart after it, as of `now`. Lines the fold left untouched are the
 * same objects before and after, so only the changed ones are looked at twice.
 */
export function cartChange(cartId: string, before: CartContents, after: CartContents, now: Date): CartChange {
  const active = activeLines(after, now);
  const unchanged = new Set(before.lines);
  const kept = new Set(active);
  return {
    ...cartSummary(cartId, after, active),
    basedOn: before.revision,
    changedLines: active.filter((line) => !unchanged.has(line)).map(lineView),
    removedLines: before.lines
      .filter((line) => !kept.has(line) && !active.some((current) => isSameLine(current, line)))
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

/** The lines a client shows with a line added as the cart's fold adds it (`addLine`), each with its total. */
export const withLineAdded = (lines: readonly CartLineView[], added: PricedCartLine): CartLineView[] =>
  addLine(lines, added).map(lineView);

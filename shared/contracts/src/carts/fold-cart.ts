import type { CartEvent, CartLineKey, PricedCartLine } from './events.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of a cart stream, used by the command API's cart decider and by the cart read model,
 * so the cart a command answers with and the cart a later read shows cannot disagree.
 * It is pure: expiry is decided by the times the events carry and by the `now` a caller passes.
 */

/** The spec: a cart is emptied 5 days after its last change. */
export const CART_LIFETIME_MS = 5 * 24 * 60 * 60 * 1000;

export interface CartLine extends PricedCartLine {
  /** The unit price before the catalogue last changed it; stays until the line is removed or re-priced again. */
  previousUnitPriceCents: number | null;
}

export interface CartContents {
  /** In the order they were first added. */
  lines: readonly CartLine[];
  /** ISO time of the last change, or null before the first. */
  updatedAt: string | null;
  /** Revision of the last event folded (0-based), or null before the first. */
  revision: number | null;
}

export const emptyCart = (): CartContents => ({ lines: [], updatedAt: null, revision: null });

/** A cart or order line is one detail in one pack size: a null pack size (the detail itself) is not an empty one. */
export const isSameLine = (a: CartLineKey, b: CartLineKey) => a.detailId === b.detailId && a.packSize === b.packSize;

/** The same identity as a map key (and a list's React key): the detail and the pack size, null kept apart from any text. */
export const cartLineKey = ({ detailId, packSize }: CartLineKey) => JSON.stringify([detailId, packSize]);

/** The time the cart empties itself, or null when it holds nothing. */
export function cartExpiresAt(cart: CartContents): Date | null {
  if (cart.updatedAt === null || cart.lines.length === 0) return null;
  return new Date(Date.parse(cart.updatedAt) + CART_LIFETIME_MS);
}

const isExpiredAt = (cart: CartContents, time: Date) =>
  cart.updatedAt !== null && time.getTime() - Date.parse(cart.updatedAt) > CART_LIFETIME_MS;

/** The lines as of `now`: none once the last change is more than 5 days old. */
export function activeLines(cart: CartContents, now: Date): readonly CartLine[] {
  return isExpiredAt(cart, now) ? [] : cart.lines;
}

/** Applies one event of the cart's stream. A change arriving after the cart expired starts from empty. */
export function evolveCart(cart: CartContents, event: CartEvent): CartContents {
  const at = event.data.at;
  const lines = activeLines(cart, new Date(at));
  return { lines: nextLines(lines, event), updatedAt: at, revision: (cart.revision ?? -1) + 1 };
}

/** Folds a whole stream and applies expiry as of `now`. */
export function foldCart(events: Iterable<CartEvent>, now: Date): CartContents {
  let cart = emptyCart();
  for (const event of events) cart = evolveCart(cart, event);
  return { ...cart, lines: activeLines(cart, now) };
}

function nextLines(lines: readonly CartLine[], event: CartEvent): readonly CartLine[] {
  switch (event.type) {
    case 'CartItemAdded': {
      const { commandId: _commandId, at: _at, ...added } = event.data;
      return addLine(lines, { ...added, available: true });
    }
    case 'CartMerged':
      return event.data.lines.reduce(addLine, lines);
    case 'CartItemQuantityChanged':
      return withLine(lines, event.data, (line) => ({ ...line, quantity: event.data.quantity }));
    case 'CartItemRemoved':
      return lines.filter((line) => !isSameLine(line, event.data));
    case 'CartLinePriceChanged':
      return withLine(lines, event.data, (line) => ({
        ...line,
        ...event.data.snapshot,
        unitPriceCents: event.data.newUnitPriceCents,
        previousUnitPriceCents: event.data.oldUnitPriceCents,
      }));
    case 'CartLineAvailabilityChanged':
      return withLine(lines, event.data, (line) => ({ ...line, available: event.data.available }));
    case 'CartCleared':
    case 'CartMergedAway':
    case 'CartCheckedOut':
      return [];
    default:
      return exhaustive(event);
  }
}

/**
 * Same detail and pack size add up; the line takes the newer price and snapshot, remembering a price it replaced. The
 * browser's cart lays its unanswered adds over the lines with this same rule (`withLineAdded`), so what it shows is
 * what the server will answer.
 */
export function addLine(lines: readonly CartLine[], added: PricedCartLine): readonly CartLine[] {
  const existing = lines.find((line) => isSameLine(line, added));
  if (!existing) return [...lines, { ...added, previousUnitPriceCents: null }];
  const previousUnitPriceCents =
    added.unitPriceCents === existing.unitPriceCents ? existing.previousUnitPriceCents : existing.unitPriceCents;
  return lines.map((line) =>
    line === existing ? { ...added, quantity: existing.quantity + added.quantity, previousUnitPriceCents } : line,
  );
}

function withLine(
  lines: readonly CartLine[],
  key: CartLineKey,
  change: (line: CartLine) => CartLine,
): readonly CartLine[] {
  return lines.map((line) => (isSameLine(line, key) ? change(line) : line));
}

import type { CartLineView } from '@labshop/contracts/carts/queries';
import type { CartItem } from '@/lib/cart-item.ts';
import { lineTotalCents } from '@labshop/contracts/money';
import type { CartLineKey } from '@labshop/contracts/carts/events';
import { isSameLine } from '@labshop/contracts/carts/fold-cart';
import { withLineAdded } from '@labshop/contracts/carts/cart-view';

/** One line per detail and pack size (null = the detail itself, not an empty pack size): adding the same option again adds up. */
export type CartOption = CartLineKey;

const withQuantity = (line: CartLineView, quantity: number): CartLineView => ({
  ...line,
  quantity,
  lineTotalCents: lineTotalCents({ unitPriceCents: line.unitPriceCents, quantity }),
});

/** An add laid over the lines before the server answers: the cart's own rule (`addLine`), so the answer changes nothing shown. */
export const addLine = (lines: CartLineView[], item: CartItem): CartLineView[] =>
  withLineAdded(lines, { ...item, available: true });

export const setLineQuantity = (lines: CartLineView[], option: CartOption, quantity: number): CartLineView[] =>
  lines.map((line) => (isSameLine(line, option) ? withQuantity(line, quantity) : line));

export const removeLine = (lines: CartLineView[], option: CartOption): CartLineView[] =>
  lines.filter((line) => !isSameLine(line, option));

/** The header badge's number and the subtotal, as the contract's itemCount and subtotalCents: lines no longer sold count for nothing. */
export {
  cartItemCount as itemCountOf,
  cartSubtotalCents as subtotalCentsOf,
} from '@labshop/contracts/carts/cart-totals';

/** A line whose catalogue price moved since it was added (the server says so after a refresh). */
export const priceChanged = (line: CartLineView) =>
  line.previousUnitPriceCents !== null && line.previousUnitPriceCents !== line.unitPriceCents;

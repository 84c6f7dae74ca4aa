import type { CartLineView } from '@labshop/contracts/carts/queries';
import type { CartItem } from '@/lib/cart-item.ts';
import { lineTotalCents } from '@labshop/contracts/money';

/** One line per detail and pack size (null = the detail itself): adding the same option again adds up. */
export interface CartOption {
  detailId: string;
  packSize: string | null;
}

export const isOption = (option: CartOption) => (line: CartOption) =>
  line.detailId === option.detailId && line.packSize === option.packSize;

const withQuantity = (line: CartLineView, quantity: number): CartLineView => ({
  ...line,
  quantity,
  lineTotalCents: lineTotalCents({ unitPriceCents: line.unitPriceCents, quantity }),
});

export function addLine(lines: CartLineView[], item: CartItem): CartLineView[] {
  const existing = lines.find(isOption(item));
  if (existing === undefined) {
    return [...lines, { ...item, previousUnitPriceCents: null, lineTotalCents: lineTotalCents(item), available: true }];
  }
  return lines.map((line) => (line === existing ? withQuantity(line, line.quantity + item.quantity) : line));
}

export const setLineQuantity = (lines: CartLineView[], option: CartOption, quantity: number): CartLineView[] =>
  lines.map((line) => (isOption(option)(line) ? withQuantity(line, quantity) : line));

export const removeLine = (lines: CartLineView[], option: CartOption): CartLineView[] =>
  lines.filter((line) => !isOption(option)(line));

/** The header badge's number and the subtotal, as the contract's itemCount and subtotalCents: lines no longer sold count for nothing. */
export {
  cartItemCount as itemCountOf,
  cartSubtotalCents as subtotalCentsOf,
} from '@labshop/contracts/carts/cart-totals';

/** A line whose catalogue price moved since it was added (the server says so after a refresh). */
export const priceChanged = (line: CartLineView) =>
  line.previousUnitPriceCents !== null && line.previousUnitPriceCents !== line.unitPriceCents;

import { cartItemCount, cartSubtotalCents } from '@labshop/contracts/carts/cart-totals';
import type { CartItem } from '@/lib/cart-item.ts';
import type { CartChange, CartView } from '@labshop/contracts/carts/queries';
import { isSameLine } from '@labshop/contracts/carts/fold-cart';
import { lastChangedAnHourAgo } from '@/testing/cart-times.ts';

/** Test data shared by the cart's unit tests. */
export const kit = (overrides: Partial<CartItem> = {}): CartItem => ({
  detailId: 'd1',
  subproductId: 's1',
  packSize: '10 reactions',
  quantity: 1,
  unitPriceCents: 9000,
  listPriceCents: 10000,
  discountPercent: 10,
  productName: 'Exosome Isolation Kits',
  productType: 'ExoQuick Kit',
  catalogNumber: 'EXO-10',
  innerPackageId: 'IP-1',
  imageUrl: null,
  productPath: '/product?productid=ZDE=',
  ...overrides,
});

export function viewOf(cartId: string, lines: CartView['lines']): CartView {
  return {
    cartId,
    lines,
    itemCount: cartItemCount(lines),
    subtotalCents: cartSubtotalCents(lines),
    ...lastChangedAnHourAgo(),
    revision: lines.length,
  };
}

/** The CartChange a server answers for a command that took the cart's lines from `before` to `after` at `basedOn`. */
export function changeOf(
  cartId: string,
  before: CartView['lines'],
  after: CartView['lines'],
  basedOn: number | null,
): CartChange {
  const { lines: _lines, ...summary } = viewOf(cartId, after);
  return {
    ...summary,
    revision: (basedOn ?? -1) + 1,
    basedOn,
    changedLines: after.filter((line) => !before.some((old) => JSON.stringify(old) === JSON.stringify(line))),
    removedLines: before
      .filter((old) => !after.some((line) => isSameLine(line, old)))
      .map(({ detailId, packSize }) => ({ detailId, packSize })),
  };
}

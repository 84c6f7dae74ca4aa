import type { CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { cartLineKey } from '@labshop/contracts/carts/fold-cart';

export interface PriceChange {
  detailId: string;
  productName: string;
  packSize: string | null;
  /** null: the line is new to what the customer saw. */
  fromCents: number | null;
  /** null: the catalogue no longer sells it. */
  toCents: number | null;
}

const priceOf = (line: CartLineView | undefined) =>
  line === undefined || !line.available ? null : line.unitPriceCents;

/** What changed between the cart the customer saw and the one the server priced when it refused the order. */
export function priceChangesBetween(seen: Pick<CartView, 'lines'>, priced: CartView): PriceChange[] {
  const seenByKey = new Map(seen.lines.map((line) => [cartLineKey(line), line]));
  const changes: PriceChange[] = [];
  for (const line of priced.lines) {
    const before = seenByKey.get(cartLineKey(line));
    const fromCents = priceOf(before) ?? line.previousUnitPriceCents;
    const toCents = priceOf(line);
    if (fromCents !== toCents)
      changes.push({
        detailId: line.detailId,
        productName: line.productName,
        packSize: line.packSize,
        fromCents,
        toCents,
      });
  }
  return changes;
}

/**
 * The words for stock on every page, email and document: one place, so the cart, the checkout, the
 * confirmation, My Orders, the order desk and the emails say the same thing.
 */

/** The spec's stock badge: In Stock when at least one unit is there, otherwise Out of Stock. */
export const isInStock = (units: number) => units >= 1;

/** Why an option cannot be added: the product page says it before asking, the cart's API when refusing. */
export const OUT_OF_STOCK = 'This product is out of stock.';

/** A cart or checkout line asking for more than is available now; null when it all is. */
export function backorderNotice(quantity: number, backordered: number): string | null {
  if (backordered <= 0) return null;
  const available = quantity - backordered;
  return available === 0
    ? `None available now: all ${backordered} will be on backorder`
    : `Only ${available} available now: ${backordered} will be on backorder`;
}

/** A placed order's line once stock was reserved for it (purchase order submitted, quote accepted); null before. */
export function reservedText(line: {
  reservedQuantity?: number | undefined;
  backorderedQuantity?: number | undefined;
}): string | null {
  if (line.reservedQuantity === undefined || line.backorderedQuantity === undefined) return null;
  if (line.backorderedQuantity === 0) return `${line.reservedQuantity} reserved`;
  return `${line.reservedQuantity} reserved, ${line.backorderedQuantity} on backorder`;
}

import type { OrderPlacedData } from '@labshop/contracts/orders/events';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { recorded } from './replay.ts';

export { testAddress } from '@labshop/contracts/testing/orders';

/** A recorded OrderPlaced of one line, for projection tests. */
export function orderPlaced(
  orderId: string,
  customerId: string,
  placedAt: string,
  changes: Partial<OrderPlacedData> = {},
) {
  return recorded('OrderPlaced', testOrderPlacedData(orderId, customerId, placedAt, changes), placedAt);
}

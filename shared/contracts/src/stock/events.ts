import { eventGuard, everyEventType } from '../every-event-type.ts';

/**
 * Events of `stock-<detailId>`: one stream per product detail, so checkouts of different details never
 * contend, and two buyers of the last units of one detail are decided one after the other by the stream's
 * optimistic revision check (the loser decides again on the winner's events).
 * - StockCounted: the stream took the catalogue manager's quantity (the admin's count of units on hand).
 * - StockReserved: an order (purchase order submitted or quote accepted) holds what was available of the
 *   units it asked for; the rest is on backorder.
 * - StockReleased: the order was cancelled: its reserved units are available again.
 * - StockShipped: the order shipped: its reserved units left the shelf (on hand and reserved go down).
 */
export const stockStream = (detailId: string) => `stock-${detailId}`;

export type StockEvent =
  | { type: 'StockCounted'; data: { detailId: string; onHand: number; at: string } }
  | {
      type: 'StockReserved';
      data: { detailId: string; orderId: string; quantity: number; reserved: number; backordered: number; at: string };
    }
  | { type: 'StockReleased'; data: { detailId: string; orderId: string; reserved: number; at: string } }
  | { type: 'StockShipped'; data: { detailId: string; orderId: string; units: number; at: string } };

export const stockEventTypes = everyEventType<StockEvent['type']>()([
  'StockCounted',
  'StockReserved',
  'StockReleased',
  'StockShipped',
]);

export const isStockEvent = eventGuard<StockEvent>(stockEventTypes);

import type { StockEvent } from './events.ts';
import { exhaustive } from '../exhaustive.ts';

/** What one order holds of a detail: the units reserved for it and the units on backorder. */
export interface StockReservation {
  reserved: number;
  backordered: number;
}

/** A detail's stock as its stream folds: the command API decides from it and the catalogue-details read model keeps it. */
export interface StockState {
  /** The catalogue quantity the stream last counted from (null before its first count). */
  countedFrom: number | null;
  /** Units on the shelf: the last count less what shipped since. */
  onHand: number;
  /** Units held for orders not yet shipped. */
  reserved: number;
  /** By order id. */
  reservations: Record<string, StockReservation>;
}

export const emptyStock = (): StockState => ({ countedFrom: null, onHand: 0, reserved: 0, reservations: {} });

export function evolveStock(stock: StockState, event: StockEvent): StockState {
  switch (event.type) {
    case 'StockCounted':
      return { ...stock, countedFrom: event.data.onHand, onHand: event.data.onHand };
    case 'StockReserved': {
      const { orderId, reserved, backordered } = event.data;
      return {
        ...stock,
        reserved: stock.reserved + reserved,
        reservations: { ...stock.reservations, [orderId]: { reserved, backordered } },
      };
    }
    case 'StockReleased': {
      const { [event.data.orderId]: _released, ...reservations } = stock.reservations;
      return { ...stock, reserved: stock.reserved - event.data.reserved, reservations };
    }
    case 'StockShipped': {
      const { [event.data.orderId]: _shipped, ...reservations } = stock.reservations;
      return {
        ...stock,
        onHand: stock.onHand - event.data.units,
        reserved: stock.reserved - event.data.units,
        reservations,
      };
    }
    default:
      return exhaustive(event);
  }
}

/**
 * The admin's quantity in the catalogue manager is their count of units on hand: when it differs from the
 * count the stream last took, it is the new count (the next stock decision records it); otherwise on hand is
 * that count less what shipped since.
 */
export const onHandOf = (catalogueQuantity: number, stock: StockState) =>
  stock.countedFrom === catalogueQuantity ? stock.onHand : catalogueQuantity;

/** What a buyer can still have from the shelf now: on hand less reserved, never below 0. */
export const availableOf = (catalogueQuantity: number, stock: StockState) =>
  Math.max(0, onHandOf(catalogueQuantity, stock) - stock.reserved);

interface AllocatableLine {
  detailId: string;
  packSize: string | null;
  quantity: number;
}

/** How an order's lines share what was reserved of each detail: earlier lines of a detail are served first. */
export interface LineAllocation {
  detailId: string;
  packSize: string | null;
  reserved: number;
  backordered: number;
}

/** Units per detail an order's lines ask for (two pack sizes of one detail add up). */
export function unitsByDetail(lines: readonly AllocatableLine[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.detailId, (units.get(line.detailId) ?? 0) + line.quantity);
  return units;
}

export function allocateLines(
  lines: readonly AllocatableLine[],
  reservedByDetail: ReadonlyMap<string, number>,
): LineAllocation[] {
  const left = new Map(reservedByDetail);
  return lines.map(({ detailId, packSize, quantity }) => {
    const reserved = Math.min(quantity, left.get(detailId) ?? 0);
    left.set(detailId, (left.get(detailId) ?? 0) - reserved);
    return { detailId, packSize, reserved, backordered: quantity - reserved };
  });
}

import type { StockEvent } from '@labshop/contracts/stock/events';
import { availableOf, emptyStock, evolveStock, type StockState } from '@labshop/contracts/stock/fold-stock';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';

/**
 * Decisions on one detail's stock stream. Each names its order, so a retry (or a second submit racing the
 * first) finds the order's reservation already there and changes nothing. `catalogueQuantity` is the admin's
 * count in the catalogue now: a count the stream has not taken yet is recorded first.
 */
export type StockCommand =
  | { type: 'Reserve'; detailId: string; orderId: string; quantity: number; catalogueQuantity: number; at: Date }
  | { type: 'Release'; detailId: string; orderId: string; at: Date }
  | { type: 'Ship'; detailId: string; orderId: string; catalogueQuantity: number; at: Date };

function recount(state: StockState, detailId: string, catalogueQuantity: number, at: string): StockEvent[] {
  return state.countedFrom === catalogueQuantity
    ? []
    : [{ type: 'StockCounted', data: { detailId, onHand: catalogueQuantity, at } }];
}

function decide(command: StockCommand, state: StockState): StockEvent[] {
  const at = command.at.toISOString();
  const { detailId, orderId } = command;
  const reservation = state.reservations[orderId];
  switch (command.type) {
    case 'Reserve': {
      if (reservation) return [];
      const counted = recount(state, detailId, command.catalogueQuantity, at);
      const stock = counted.reduce<StockState>(evolveStock, state);
      // Never more than the shelf holds: what is not there is on backorder, and stock never goes negative.
      const reserved = Math.min(command.quantity, availableOf(command.catalogueQuantity, stock));
      const reservedEvent: StockEvent = {
        type: 'StockReserved',
        data: { detailId, orderId, quantity: command.quantity, reserved, backordered: command.quantity - reserved, at },
      };
      return [...counted, reservedEvent];
    }
    case 'Release':
      return reservation
        ? [{ type: 'StockReleased', data: { detailId, orderId, reserved: reservation.reserved, at } }]
        : [];
    case 'Ship':
      if (!reservation) return [];
      return [
        ...recount(state, detailId, command.catalogueQuantity, at),
        { type: 'StockShipped', data: { detailId, orderId, units: reservation.reserved, at } },
      ];
    default:
      return exhaustive(command);
  }
}

export const stockDecider: Decider<StockState, StockCommand, StockEvent> = {
  initialState: emptyStock,
  evolve: evolveStock,
  decide,
};

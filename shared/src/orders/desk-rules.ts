import type { OrderStatus } from '../queries/orders.ts';

/** What staff can do to an order from the order desk; each is also its command route's last path segment. */
export const deskMoveKinds = ['confirm', 'hold', 'release', 'process', 'ship', 'deliver', 'close', 'cancel', 'mark-paid'] as const;
export type DeskMoveKind = (typeof deskMoveKinds)[number];
export type FulfilmentMoveKind = Exclude<DeskMoveKind, 'mark-paid'>;

/**
 * ORDERS.md's machine: the statuses each fulfilment move starts from. The command API decides by it and
 * the order desk offers by it, so the two never disagree.
 */
export const fulfilmentMovesFrom: Record<FulfilmentMoveKind, readonly OrderStatus[]> = {
  confirm: ['PO received'],
  hold: ['Confirmed', 'Processing'],
  release: ['On hold'],
  process: ['Confirmed'],
  ship: ['Processing'],
  deliver: ['Shipped'],
  close: ['Delivered'],
  cancel: ['Awaiting payment', 'PO received', 'Quote requested', 'Confirmed', 'On hold', 'Processing'],
};

interface DeskOrderState {
  status: OrderStatus;
  payment: { kind: 'purchase-order' | 'quote' } | null;
  paidAt: string | null;
}

/** Only the invoice of a purchase order that is not cancelled can be marked paid, once. */
export const invoiceCanBeMarkedPaid = (order: DeskOrderState) => order.payment?.kind === 'purchase-order' && order.status !== 'Cancelled' && order.paidAt === null;

/** The moves allowed on the order as it stands. */
export const allowedDeskMoves = (order: DeskOrderState): DeskMoveKind[] =>
  deskMoveKinds.filter((kind) => (kind === 'mark-paid' ? invoiceCanBeMarkedPaid(order) : fulfilmentMovesFrom[kind].includes(order.status)));

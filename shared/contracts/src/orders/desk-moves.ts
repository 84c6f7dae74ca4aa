import { DomainError } from '../domain-error.ts';
import type { StaffOrderEvent } from './events.ts';
import type { FoldedOrder } from './fold-order.ts';
import type { OrderStatus } from './queries.ts';
import { exhaustive } from '../exhaustive.ts';
import {
  creditableCents,
  fulfilmentMovesFrom,
  isInvoicedOrder,
  type DeskMoveKind,
  type FulfilmentMoveKind,
} from './desk-rules.ts';
import { creditNoteRequest } from './credit-note-request.ts';

/** What staff can do to an order from the order desk; each kind is also its route's last path segment. */
export type DeskMove =
  | { kind: 'confirm' }
  | { kind: 'hold'; reason: string }
  | { kind: 'release' }
  | { kind: 'process' }
  | { kind: 'ship'; carrier: string; trackingNumber: string }
  | { kind: 'deliver' }
  | { kind: 'close' }
  | { kind: 'cancel'; reason: string }
  | { kind: 'mark-paid'; reference: string };

export type { DeskMoveKind };

/** A move as the decider takes it: `expectedVersion` is the order's version the admin saw (optional). */
export interface DeskCommand {
  type: 'DeskMove';
  move: DeskMove;
  at: Date;
  expectedVersion?: number;
}

export const deskMessages = {
  notFound: 'Order not found',
  stale: 'Someone else changed this order after you opened it. Reload to see their change, then try again.',
  alreadyPaid: 'The invoice of this order is already marked paid.',
};

/** How each fulfilment move is worded when refused (the statuses it starts from are shared/contracts/src/orders/desk-rules). */
const fulfilmentWords: Record<FulfilmentMoveKind, { verb: string; rule: string }> = {
  confirm: {
    verb: 'confirm',
    rule: 'Only an order whose purchase order was received, or whose quote was accepted, can be confirmed.',
  },
  hold: { verb: 'put on hold', rule: 'Only a confirmed order or one in processing can be put on hold.' },
  release: { verb: 'release', rule: 'Only an order on hold can be released.' },
  process: { verb: 'start processing', rule: 'Only a confirmed order can go into processing.' },
  ship: { verb: 'ship', rule: 'Only an order in processing can be shipped.' },
  deliver: { verb: 'mark delivered', rule: 'Only a shipped order can be delivered.' },
  close: { verb: 'close', rule: 'Only a delivered order can be closed.' },
  cancel: {
    verb: 'cancel',
    rule: 'Only an order that has not shipped (and is not cancelled already) can be cancelled.',
  },
};

/**
 * The order a staff command is decided on: refused as missing, or as a conflict when it changed after the
 * admin opened it (`expectedVersion`, the version they saw, when the command gives it).
 */
export function orderAsSeen(order: FoldedOrder | null, expectedVersion: number | undefined): FoldedOrder {
  if (!order) throw new DomainError('not_found', deskMessages.notFound);
  if (expectedVersion !== undefined && expectedVersion !== order.view.version) {
    throw new DomainError('conflict', deskMessages.stale, undefined, {
      yourVersion: expectedVersion,
      currentVersion: order.view.version,
    });
  }
  return order;
}

/** The reason on the full credit note of a cancelled invoiced order. */
export const cancellationCreditReason = (reason: string) => `Order cancelled: ${reason}`;

const refuse = (verb: string, status: OrderStatus, rule: string) =>
  new DomainError('conflict', `Cannot ${verb}: this order is ${status}. ${rule}`, undefined, { status });

/**
 * Decides a staff move on an order (pure). An illegal move, or one made on an older version of the
 * order than the stream's, is refused as a conflict and appends nothing.
 */
export function decideDeskMove(command: DeskCommand, state: FoldedOrder | null): StaffOrderEvent[] {
  const order = orderAsSeen(state, command.expectedVersion).view;
  const { move } = command;
  const { orderId } = order;
  const at = command.at.toISOString();
  if (move.kind === 'mark-paid') {
    const rule = 'Only the invoice of a purchase order or an accepted quote that is not cancelled can be marked paid.';
    if (!isInvoicedOrder(order) || order.status === 'Cancelled')
      throw refuse('mark the invoice paid', order.status, rule);
    if (order.paidAt) throw new DomainError('conflict', deskMessages.alreadyPaid, undefined, { paidAt: order.paidAt });
    return [{ type: 'InvoiceMarkedPaid', data: { orderId, reference: move.reference, paidAt: at } }];
  }
  const { verb, rule } = fulfilmentWords[move.kind];
  if (!fulfilmentMovesFrom[move.kind].includes(order.status)) throw refuse(verb, order.status, rule);
  switch (move.kind) {
    case 'confirm':
      return [{ type: 'OrderConfirmed', data: { orderId, confirmedAt: at } }];
    case 'hold':
      return [{ type: 'OrderPutOnHold', data: { orderId, reason: move.reason, heldAt: at } }];
    case 'release':
      return [{ type: 'OrderReleased', data: { orderId, releasedAt: at } }];
    case 'process':
      return [{ type: 'OrderProcessing', data: { orderId, processingAt: at } }];
    case 'ship':
      return [
        {
          type: 'OrderShipped',
          data: { orderId, carrier: move.carrier, trackingNumber: move.trackingNumber, shippedAt: at },
        },
      ];
    case 'deliver':
      return [{ type: 'OrderDelivered', data: { orderId, deliveredAt: at } }];
    case 'close':
      return [{ type: 'OrderClosed', data: { orderId, closedAt: at } }];
    case 'cancel': {
      // An issued invoice is never withdrawn: cancelling credits what is left of it in full, in the same decision.
      const cancelled: StaffOrderEvent = {
        type: 'OrderCancelled',
        data: { orderId, reason: move.reason, cancelledAt: at },
      };
      const left = creditableCents(order);
      return left > 0
        ? [cancelled, creditNoteRequest(order, left, cancellationCreditReason(move.reason), command.at)]
        : [cancelled];
    }
    default:
      return exhaustive(move);
  }
}

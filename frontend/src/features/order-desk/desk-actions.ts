import type { z } from 'zod';
import { cancelOrderInput, deskMoveInput, holdOrderInput, markInvoicePaidInput, shipOrderInput } from '@labshop/shared/commands/order-desk';
import type { OrderStatus } from '@labshop/shared/queries/orders';

/** The staff moves of ORDERS.md's state machine, each the last segment of its command route. */
export const deskActions = ['confirm', 'hold', 'release', 'process', 'ship', 'deliver', 'close', 'cancel', 'mark-paid'] as const;
export type DeskAction = (typeof deskActions)[number];

export interface DeskActionField {
  name: string;
  label: string;
  required: boolean;
  hint?: string;
}

export interface DeskActionSpec {
  /** The button that starts it. */
  label: string;
  /** The submit button of its form, when it asks for something first. */
  submitLabel: string;
  /** What the form asks; an action without fields is sent on the button's click. */
  fields: readonly DeskActionField[];
  /** The server's own schema of the body, so the form words its messages as the server would. */
  input: z.ZodType;
  /** Irreversible moves are shown as such. */
  danger: boolean;
  /** The toast after the server took it. */
  done: string;
}

export const deskActionSpecs: Record<DeskAction, DeskActionSpec> = {
  confirm: { input: deskMoveInput, label: 'Confirm order', submitLabel: 'Confirm order', fields: [], danger: false, done: 'Order confirmed.' },
  hold: { input: holdOrderInput,
    label: 'Put on hold',
    submitLabel: 'Put on hold',
    fields: [{ name: 'reason', label: 'Reason (optional)', required: false }],
    danger: false,
    done: 'Order put on hold.',
  },
  release: { input: deskMoveInput, label: 'Release hold', submitLabel: 'Release hold', fields: [], danger: false, done: 'Hold released.' },
  process: { input: deskMoveInput, label: 'Start processing', submitLabel: 'Start processing', fields: [], danger: false, done: 'Order is being processed.' },
  ship: { input: shipOrderInput,
    label: 'Ship',
    submitLabel: 'Mark shipped',
    fields: [
      { name: 'carrier', label: 'Carrier', required: true, hint: 'e.g. UPS, FedEx, USPS' },
      { name: 'trackingNumber', label: 'Tracking number', required: true },
    ],
    danger: false,
    done: 'Order shipped.',
  },
  deliver: { input: deskMoveInput, label: 'Mark delivered', submitLabel: 'Mark delivered', fields: [], danger: false, done: 'Order marked delivered.' },
  close: { input: deskMoveInput, label: 'Close order', submitLabel: 'Close order', fields: [], danger: false, done: 'Order closed.' },
  cancel: { input: cancelOrderInput,
    label: 'Cancel order',
    submitLabel: 'Cancel order',
    fields: [{ name: 'reason', label: 'Reason', required: true, hint: 'The customer reads it in the cancellation email.' }],
    danger: true,
    done: 'Order cancelled.',
  },
  'mark-paid': { input: markInvoicePaidInput,
    label: 'Mark invoice paid',
    submitLabel: 'Mark invoice paid',
    fields: [{ name: 'reference', label: 'Payment reference (optional)', required: false, hint: 'e.g. the check or wire number' }],
    danger: false,
    done: 'Invoice marked paid.',
  },
};

interface OrderState {
  status: OrderStatus;
  payment: { kind: 'purchase-order' | 'quote' } | null;
  paidAt: string | null;
}

/** The statuses each fulfilment move starts from (ORDERS.md's machine, as the command API decides it). */
const movesFrom: Record<Exclude<DeskAction, 'mark-paid'>, readonly OrderStatus[]> = {
  confirm: ['PO received'],
  hold: ['Confirmed', 'Processing'],
  release: ['On hold'],
  process: ['Confirmed'],
  ship: ['Processing'],
  deliver: ['Shipped'],
  close: ['Delivered'],
  cancel: ['Awaiting payment', 'PO received', 'Quote requested', 'Confirmed', 'On hold', 'Processing'],
};

/**
 * The moves to offer for the order as the page shows it. Only an offer: the command API decides each
 * move on the order as it is then, and its refusal (409, with the reason) is shown as it comes.
 */
export function offeredActions(order: OrderState): DeskAction[] {
  return deskActions.filter((action) =>
    action === 'mark-paid' ? order.payment?.kind === 'purchase-order' && order.status !== 'Cancelled' && order.paidAt === null : movesFrom[action].includes(order.status),
  );
}

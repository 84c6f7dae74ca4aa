import type { z } from 'zod';
import {
  cancelOrderInput,
  deskMoveInput,
  holdOrderInput,
  markInvoicePaidInput,
  shipOrderInput,
} from '@labshop/contracts/orders/desk-commands';
import { allowedDeskMoves, type DeskMoveKind } from '@labshop/contracts/orders/desk-rules';

/** The staff moves of the order state machine (docs/orders.md), each the last segment of its command route. */
export type DeskAction = DeskMoveKind;

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
  confirm: {
    input: deskMoveInput,
    label: 'Confirm order',
    submitLabel: 'Confirm order',
    fields: [],
    danger: false,
    done: 'Order confirmed.',
  },
  hold: {
    input: holdOrderInput,
    label: 'Put on hold',
    submitLabel: 'Put on hold',
    fields: [{ name: 'reason', label: 'Reason (optional)', required: false }],
    danger: false,
    done: 'Order put on hold.',
  },
  release: {
    input: deskMoveInput,
    label: 'Release hold',
    submitLabel: 'Release hold',
    fields: [],
    danger: false,
    done: 'Hold released.',
  },
  process: {
    input: deskMoveInput,
    label: 'Start processing',
    submitLabel: 'Start processing',
    fields: [],
    danger: false,
    done: 'Order is being processed.',
  },
  ship: {
    input: shipOrderInput,
    label: 'Ship',
    submitLabel: 'Mark shipped',
    fields: [
      { name: 'carrier', label: 'Carrier', required: true, hint: 'e.g. UPS, FedEx, USPS' },
      { name: 'trackingNumber', label: 'Tracking number', required: true },
    ],
    danger: false,
    done: 'Order shipped.',
  },
  deliver: {
    input: deskMoveInput,
    label: 'Mark delivered',
    submitLabel: 'Mark delivered',
    fields: [],
    danger: false,
    done: 'Order marked delivered.',
  },
  close: {
    input: deskMoveInput,
    label: 'Close order',
    submitLabel: 'Close order',
    fields: [],
    danger: false,
    done: 'Order closed.',
  },
  cancel: {
    input: cancelOrderInput,
    label: 'Cancel order',
    submitLabel: 'Cancel order',
    fields: [
      { name: 'reason', label: 'Reason', required: true, hint: 'The customer reads it in the cancellation email.' },
    ],
    danger: true,
    done: 'Order cancelled.',
  },
  'mark-paid': {
    input: markInvoicePaidInput,
    label: 'Mark invoice paid',
    submitLabel: 'Mark invoice paid',
    fields: [
      {
        name: 'reference',
        label: 'Payment reference (optional)',
        required: false,
        hint: 'e.g. the check or wire number',
      },
    ],
    danger: false,
    done: 'Invoice marked paid.',
  },
};

/**
 * The moves to offer for the order as the page shows it: the command API's own rules. Only an offer: the
 * command API decides each move on the order as it is then, and its refusal (409, with the reason) is
 * shown as it comes.
 */
export const offeredActions = allowedDeskMoves;

/** A move as the desk words it for this kind: cancelling a quote is 'Cancel quote', not 'Cancel order'. */
export function deskActionSpecFor(action: DeskAction, kind: 'order' | 'quote'): DeskActionSpec {
  const spec = deskActionSpecs[action];
  if (action !== 'cancel' || kind === 'order') return spec;
  return { ...spec, label: 'Cancel quote', submitLabel: 'Cancel quote', done: 'Quote cancelled.' };
}

import type { Decider } from '../decider.ts';
import { exhaustive } from '../exhaustive.ts';
import type { LineAllocation } from '../stock/fold-stock.ts';
import type { OrderCommand } from './decider.ts';
import type { OrderEvent, OrderLine, PurchaseOrderPayment, QuoteRequest } from './events.ts';

/**
 * The checkout as a process manager (a workflow in Emmett's sense): submitting an order (a purchase order, a quote
 * request, a quote's acceptance) spans the stock of each detail, the order, the cart and the workers, so its steps
 * are recorded on a stream of their own, `checkout-<order id>`. Each step is idempotent where it runs (a reservation
 * per order, one submission per order, the cart's checkout by a command id derived from the order), and the process
 * is resumable: whoever reads a process that stopped after a step (the next request for the order, or the command
 * API at start-up) runs the step still pending. Pure: the runner (command-api) performs the steps and records them.
 */
export const checkoutProcessStream = (orderId: string) => `checkout-${orderId}`;

/** What the customer submits to the order, as the process records it (the card's type and last four only). */
export type CheckoutSubmission =
  | { kind: 'purchase-order'; payment: PurchaseOrderPayment }
  | { kind: 'quote-request'; quote: QuoteRequest }
  | { kind: 'quote-acceptance'; expectedVersion: number; poNumber: string };

/** An order line as stock sees it. */
export type StockLine = Pick<OrderLine, 'detailId' | 'subproductId' | 'packSize' | 'quantity'>;

export type CheckoutProcessEvent =
  | {
      type: 'CheckoutStarted';
      data: {
        orderId: string;
        customerId: string;
        submission: CheckoutSubmission;
        /** The lines whose stock is held for the order; none: nothing to reserve (a quote request). */
        lines: StockLine[];
        startedAt: string;
      };
    }
  | { type: 'CheckoutStockReserved'; data: { orderId: string; allocations: LineAllocation[] } }
  | { type: 'CheckoutOrderSubmitted'; data: { orderId: string } }
  /** The order refused the submission when it came to it (cancelled, expired or revised since the start). */
  | { type: 'CheckoutSubmissionRefused'; data: { orderId: string; code: string; message: string } }
  | { type: 'CheckoutStockReleased'; data: { orderId: string } }
  | { type: 'CheckoutCartCheckedOut'; data: { orderId: string } }
  | { type: 'CheckoutHandedOff'; data: { orderId: string } };

export interface CheckoutProcess {
  orderId: string;
  customerId: string;
  submission: CheckoutSubmission;
  lines: StockLine[];
  startedAt: string;
  /** Null until the stock step ran (or for ever, when there is nothing to reserve). */
  allocations: LineAllocation[] | null;
  submitted: boolean;
  refused: boolean;
  released: boolean;
  cartCheckedOut: boolean;
  handedOff: boolean;
}

/** The order's latest process (a quote is requested by one and accepted by another); null: none ever started. */
export type CheckoutProcessState = CheckoutProcess | null;

/** A step still to run, with all it needs: the runner only performs it. */
export type CheckoutStep =
  | { type: 'ReserveStock'; orderId: string; lines: StockLine[]; at: Date }
  | { type: 'SubmitToOrder'; orderId: string; command: OrderCommand; submissionEvent: SubmissionEventType }
  | { type: 'ReleaseStock'; orderId: string; lines: StockLine[]; at: Date }
  | { type: 'CheckOutCart'; orderId: string; customerId: string; at: Date }
  | { type: 'HandOff'; orderId: string; submissionEvent: SubmissionEventType };

/** What a step came to, as its runner reports it. */
export type CheckoutStepOutcome =
  | { step: 'ReserveStock'; allocations: LineAllocation[] }
  | { step: 'SubmitToOrder'; refusal: { code: string; message: string } | null }
  | { step: 'ReleaseStock' | 'CheckOutCart' | 'HandOff' };

export type CheckoutProcessCommand =
  | {
      type: 'StartCheckout';
      orderId: string;
      customerId: string;
      submission: CheckoutSubmission;
      lines: StockLine[];
      at: Date;
    }
  | { type: 'RecordStep'; outcome: CheckoutStepOutcome };

/** The order event a submission becomes. */
export type SubmissionEventType = Extract<
  OrderEvent['type'],
  'PurchaseOrderSubmitted' | 'QuoteRequested' | 'QuoteAccepted'
>;

const submissionEventOf = {
  'purchase-order': 'PurchaseOrderSubmitted',
  'quote-request': 'QuoteRequested',
  'quote-acceptance': 'QuoteAccepted',
} as const satisfies Record<CheckoutSubmission['kind'], SubmissionEventType>;

/** A purchase order and an accepted quote hold stock for the order; a quote request does not. */
const reservesStock = (submission: CheckoutSubmission) => submission.kind !== 'quote-request';
/** The checkout's cart becomes the order when it is paid or quoted; an acceptance comes long after that. */
const checksOutCart = (submission: CheckoutSubmission) => submission.kind !== 'quote-acceptance';

/** The lines stock is held for: the quoted lines of an accepted quote, else the order's; none for a quote request. */
export function linesToReserve(
  submission: CheckoutSubmission,
  order: { lines: readonly StockLine[]; quote: { lines: readonly StockLine[] } | null },
): StockLine[] {
  if (!reservesStock(submission)) return [];
  const lines = submission.kind === 'quote-acceptance' ? (order.quote?.lines ?? order.lines) : order.lines;
  return lines.map(({ detailId, subproductId, packSize, quantity }) => ({
    detailId,
    subproductId,
    packSize,
    quantity,
  }));
}

/** The order command a submission is decided as (with the allocations once stock was reserved). */
export function orderCommandOf(
  customerId: string,
  submission: CheckoutSubmission,
  at: Date,
  allocations: LineAllocation[] | null = null,
): OrderCommand {
  const allocated = allocations && { allocations };
  switch (submission.kind) {
    case 'purchase-order':
      return { type: 'SubmitPurchaseOrder', customerId, payment: submission.payment, at, ...allocated };
    case 'quote-request':
      return { type: 'RequestQuote', customerId, quote: submission.quote, at };
    case 'quote-acceptance': {
      const { expectedVersion, poNumber } = submission;
      return { type: 'AcceptQuote', customerId, at, expectedVersion, poNumber, ...allocated };
    }
    default:
      return exhaustive(submission);
  }
}

/**
 * The step the process waits for, or null once it is over: reserve, submit to the order, check the cart out, hand
 * the submission to the workers (who issue the invoice and mail the confirmation from the order's events). A
 * submission the order refuses gives back what was reserved for it and ends there.
 */
export function nextCheckoutStep(state: CheckoutProcessState): CheckoutStep | null {
  if (!state) return null;
  const { orderId, customerId, submission, lines } = state;
  const at = new Date(state.startedAt);
  const submissionEvent = submissionEventOf[submission.kind];
  if (reservesStock(submission) && !state.allocations && !state.refused)
    return { type: 'ReserveStock', orderId, lines, at };
  if (!state.submitted && !state.refused)
    return {
      type: 'SubmitToOrder',
      orderId,
      command: orderCommandOf(customerId, submission, at, state.allocations),
      submissionEvent,
    };
  if (state.refused) return state.allocations && !state.released ? { type: 'ReleaseStock', orderId, lines, at } : null;
  if (checksOutCart(submission) && !state.cartCheckedOut) return { type: 'CheckOutCart', orderId, customerId, at };
  if (!state.handedOff) return { type: 'HandOff', orderId, submissionEvent };
  return null;
}

function eventOf(state: CheckoutProcess, outcome: CheckoutStepOutcome): CheckoutProcessEvent {
  const { orderId } = state;
  switch (outcome.step) {
    case 'ReserveStock':
      return { type: 'CheckoutStockReserved', data: { orderId, allocations: outcome.allocations } };
    case 'SubmitToOrder':
      return outcome.refusal
        ? { type: 'CheckoutSubmissionRefused', data: { orderId, ...outcome.refusal } }
        : { type: 'CheckoutOrderSubmitted', data: { orderId } };
    case 'ReleaseStock':
      return { type: 'CheckoutStockReleased', data: { orderId } };
    case 'CheckOutCart':
      return { type: 'CheckoutCartCheckedOut', data: { orderId } };
    case 'HandOff':
      return { type: 'CheckoutHandedOff', data: { orderId } };
    default:
      return exhaustive(outcome);
  }
}

function decide(command: CheckoutProcessCommand, state: CheckoutProcessState): CheckoutProcessEvent[] {
  switch (command.type) {
    case 'StartCheckout': {
      // One process of an order at a time: the one still running is finished first (the runner resumes it).
      if (nextCheckoutStep(state)) return [];
      const { orderId, customerId, submission, lines, at } = command;
      return [
        { type: 'CheckoutStarted', data: { orderId, customerId, submission, lines, startedAt: at.toISOString() } },
      ];
    }
    case 'RecordStep':
      // A step already recorded (another runner resumed the same process) is recorded once.
      return state && nextCheckoutStep(state)?.type === command.outcome.step ? [eventOf(state, command.outcome)] : [];
    default:
      return exhaustive(command);
  }
}

function evolve(state: CheckoutProcessState, event: CheckoutProcessEvent): CheckoutProcessState {
  if (event.type === 'CheckoutStarted')
    return {
      ...event.data,
      allocations: null,
      submitted: false,
      refused: false,
      released: false,
      cartCheckedOut: false,
      handedOff: false,
    };
  if (!state) return state;
  switch (event.type) {
    case 'CheckoutStockReserved':
      return { ...state, allocations: event.data.allocations };
    case 'CheckoutOrderSubmitted':
      return { ...state, submitted: true };
    case 'CheckoutSubmissionRefused':
      return { ...state, refused: true };
    case 'CheckoutStockReleased':
      return { ...state, released: true };
    case 'CheckoutCartCheckedOut':
      return { ...state, cartCheckedOut: true };
    case 'CheckoutHandedOff':
      return { ...state, handedOff: true };
    default:
      return exhaustive(event);
  }
}

export const checkoutProcess: Decider<CheckoutProcessState, CheckoutProcessCommand, CheckoutProcessEvent> = {
  initialState: () => null,
  evolve,
  decide,
};

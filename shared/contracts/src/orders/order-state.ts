import type { BillingAddress, OrderAddress, OrderEvent, OrderLine, StaffOrderEvent } from './events.ts';
import type { OrderShipping } from './shipping.ts';
import type { HeldFromStatus } from './desk-rules.ts';
import type { OrderStatus } from './queries.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * What placing again compares: a placement of the same checkout revises the open order only when one of
 * these differs from what it was last placed or revised with.
 */
export interface CheckoutTerms {
  lines: OrderLine[];
  address: OrderAddress;
  billingAddress: BillingAddress | null;
  taxExemptNumber: string | null;
  taxRateBasisPoints: number;
  shipping: OrderShipping | null;
  totalCents: number;
}

/** The terms of a placement (an OrderPlaced, a CheckoutRevised, a checkout about to be placed), absent ones null. */
export const checkoutTerms = (
  checkout: Omit<CheckoutTerms, 'billingAddress' | 'shipping'> & {
    billingAddress?: BillingAddress | null;
    shipping?: OrderShipping | null;
  },
): CheckoutTerms => ({
  lines: checkout.lines,
  address: checkout.address,
  billingAddress: checkout.billingAddress ?? null,
  taxExemptNumber: checkout.taxExemptNumber,
  taxRateBasisPoints: checkout.taxRateBasisPoints,
  shipping: checkout.shipping ?? null,
  totalCents: checkout.totalCents,
});

/** A credit note staff asked for; `issuedAt` once the workers issued its PDF. */
export interface CreditNoteFacts {
  creditNoteNumber: string;
  invoiceNumber: string;
  amountCents: number;
  reason: string;
  requestedAt: string;
  issuedAt: string | null;
}

/**
 * A placed order as the deciders need it (the write side's own fold): only the facts some rule checks. What
 * customers and staff see is the read side's fold (contracts/orders/fold-order.ts); a command's answer is
 * folded there too.
 */
export interface PlacedOrder extends CheckoutTerms {
  orderId: string;
  orderNumber: string;
  customerId: string;
  placedAt: string;
  /** The key the order was last placed or revised with: the same request again is a retry. */
  idempotencyKey: string;
  status: OrderStatus;
  /** The status before the current hold ('On hold' only), which releasing the order restores. */
  heldFrom: HeldFromStatus | null;
  /** 1 when placed, one more per event since: what staff's and customers' `expectedVersion` is checked against. */
  version: number;
  /** Cancelled once, whatever came after: an invoice is never issued for it then. */
  cancelled: boolean;
  /** How it is paid: by purchase order, or as a quote; null while awaiting payment. */
  payment: { kind: 'purchase-order' | 'quote' } | null;
  /** The quote last sent: its lines and total become the order's when it is accepted, before `expiresAt`. */
  quote: { lines: OrderLine[]; totalCents: number; expiresAt: string; acceptedAt: string | null } | null;
  paidAt: string | null;
  invoices: { invoiceNumber: string }[];
  creditNotes: CreditNoteFacts[];
  receipts: { receiptNumber: string }[];
}

/** null until the order is placed. */
export type OrderState = PlacedOrder | null;

export const initialOrderState = (): OrderState => null;

/** Folds an order event into the deciders' state. Events of an order never placed are ignored. */
export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const { orderId, orderNumber, customerId, placedAt, idempotencyKey } = event.data;
    return {
      orderId,
      orderNumber,
      customerId,
      placedAt,
      idempotencyKey,
      ...checkoutTerms(event.data),
      status: 'Awaiting payment',
      heldFrom: null,
      version: 1,
      cancelled: false,
      payment: null,
      quote: null,
      paidAt: null,
      invoices: [],
      creditNotes: [],
      receipts: [],
    };
  }
  if (!state) return state;
  return { ...evolvePlaced(state, event), version: state.version + 1 };
}

type AfterPlacement = Exclude<OrderEvent, { type: 'OrderPlaced' }>;

/** The order after the event; a hold is ended by every event but those apart from fulfilment (documents, payment, credit). */
function evolvePlaced(order: PlacedOrder, event: AfterPlacement): PlacedOrder {
  const moved = (changes: Partial<PlacedOrder>): PlacedOrder => ({ ...order, heldFrom: null, ...changes });
  const apart = (changes: Partial<PlacedOrder>): PlacedOrder => ({ ...order, ...changes });
  switch (event.type) {
    case 'CheckoutRevised':
      return moved({ ...checkoutTerms(event.data), idempotencyKey: event.data.idempotencyKey });
    case 'PurchaseOrderSubmitted':
      return moved({ status: 'PO received', payment: { kind: 'purchase-order' } });
    case 'QuoteRequested':
      return moved({ status: 'Quote requested', payment: { kind: 'quote' } });
    case 'QuoteAccepted': {
      // The order becomes the quote: its lines and total are the quoted ones from here on.
      const { quote } = order;
      if (!quote) return moved({});
      return moved({
        status: 'Quote accepted',
        lines: quote.lines,
        totalCents: quote.totalCents,
        quote: { ...quote, acceptedAt: event.data.acceptedAt },
      });
    }
    case 'QuoteDeclined':
      return order.quote ? moved({ status: 'Quote declined' }) : moved({});
    case 'InvoiceIssued':
      return apart({ invoices: [...order.invoices, { invoiceNumber: event.data.invoiceNumber }] });
    case 'CreditNoteIssued': {
      const { creditNoteNumber, issuedAt } = event.data;
      const creditNotes = order.creditNotes.map((note) =>
        note.creditNoteNumber === creditNoteNumber ? { ...note, issuedAt } : note,
      );
      return apart({ creditNotes });
    }
    case 'PaymentReceiptIssued':
      return apart({ receipts: [...order.receipts, { receiptNumber: event.data.receiptNumber }] });
    default:
      return evolveByStaff(order, event, moved, apart);
  }
}

function evolveByStaff(
  order: PlacedOrder,
  event: StaffOrderEvent,
  moved: (changes: Partial<PlacedOrder>) => PlacedOrder,
  apart: (changes: Partial<PlacedOrder>) => PlacedOrder,
): PlacedOrder {
  switch (event.type) {
    case 'OrderConfirmed':
      return moved({ status: 'Confirmed' });
    case 'OrderPutOnHold':
      // The decider only holds a confirmed or processing order; anything else resumes as confirmed.
      return moved({ status: 'On hold', heldFrom: order.status === 'Processing' ? 'Processing' : 'Confirmed' });
    case 'OrderReleased':
      return moved({ status: order.heldFrom ?? 'Confirmed' });
    case 'OrderProcessing':
      return moved({ status: 'Processing' });
    case 'OrderShipped':
      return moved({ status: 'Shipped' });
    case 'OrderDelivered':
      return moved({ status: 'Delivered' });
    case 'OrderClosed':
      return moved({ status: 'Closed' });
    case 'OrderCancelled':
      return moved({ status: 'Cancelled', cancelled: true });
    case 'InvoiceMarkedPaid':
      // Payment is apart from fulfilment (docs/orders.md): the status stays, a hold stays.
      return apart({ paidAt: event.data.paidAt });
    case 'QuoteSent': {
      const { lines, totalCents, expiresAt } = event.data;
      return moved({ status: 'Quoted', quote: { lines, totalCents, expiresAt, acceptedAt: null } });
    }
    case 'CreditNoteRequested': {
      // Credit is apart from fulfilment, like payment: the status and a hold stay.
      const { creditNoteNumber, invoiceNumber, amountCents, reason, requestedAt } = event.data;
      const note = { creditNoteNumber, invoiceNumber, amountCents, reason, requestedAt, issuedAt: null };
      return apart({ creditNotes: [...order.creditNotes, note] });
    }
    default:
      return exhaustive(event);
  }
}

import type { CheckoutRevisedData, OrderEvent, OrderPlacedData, StaffOrderEvent } from './events.ts';
import type { OrderView } from './queries.ts';
import { exhaustive } from '../exhaustive.ts';
import type { LineAllocation } from '../stock/fold-stock.ts';
import type { HeldFromStatus } from './desk-rules.ts';

/** The order's lines with what stock reserved for each and what is on backorder (the allocations are in line order). */
const allocated = (
  lines: OrderView['lines'],
  allocations: readonly LineAllocation[] | undefined,
): OrderView['lines'] =>
  allocations
    ? lines.map((line, index) => ({
        ...line,
        reservedQuantity: allocations[index]?.reserved ?? 0,
        backorderedQuantity: allocations[index]?.backordered ?? line.quantity,
      }))
    : lines;

/** What placing the order, or revising its checkout, sets on it: the lines, addresses, tax, shipping and totals. */
const checkoutView = (checkout: OrderPlacedData | CheckoutRevisedData) => ({
  lines: checkout.lines,
  address: checkout.address,
  billingAddress: checkout.billingAddress ?? null,
  taxExemptNumber: checkout.taxExemptNumber,
  taxState: checkout.taxState,
  taxRateBasisPoints: checkout.taxRateBasisPoints,
  // Orders placed before shipping was charged record none: shipping null (0).
  shipping: checkout.shipping ?? null,
  subtotalCents: checkout.subtotalCents,
  taxCents: checkout.taxCents,
  totalCents: checkout.totalCents,
});

/** An order as its stream folds: what the customer sees, whose it is, and what a hold returns to. */
export interface FoldedOrder {
  customerId: string;
  /** The key the order was last placed or revised with: the same request again is a retry. */
  idempotencyKey: string;
  /** The status before the current hold ('On hold' only), which releasing the order restores. */
  heldFrom: HeldFromStatus | null;
  view: OrderView;
}

/**
 * The one fold of an order stream, written once for both sides: the order decider decides on it (its rules
 * read the view, whose it is and what a hold returns to), the order-desk read model stores it (My Orders and
 * the order desk show it), the ledger, time travel, the workers' documents and mails read it, and the command
 * API answers a command's order with it. Events of an order never placed are ignored.
 */
export function foldOrder(order: FoldedOrder | null, event: OrderEvent): FoldedOrder | null {
  if (event.type === 'OrderPlaced') {
    const { customerId, idempotencyKey, orderId, orderNumber, placedAt } = event.data;
    const view: OrderView = {
      orderId,
      orderNumber,
      placedAt,
      status: 'Awaiting payment',
      ...checkoutView(event.data),
      payment: null,
      shipment: null,
      cancellation: null,
      paidAt: null,
      version: 1,
      invoices: [],
      quote: null,
      creditNotes: [],
      receipts: [],
    };
    return { customerId, idempotencyKey, heldFrom: null, view };
  }
  if (!order) return order;
  const next = evolvePlaced(order, event);
  return { ...next, view: { ...next.view, version: order.view.version + 1 } };
}

/** A quote until it is accepted; from then on, like a purchase order, an order (My Orders, the desk's 'orders'). */
export const orderKindOf = (view: Pick<OrderView, 'payment' | 'quote'>): 'order' | 'quote' =>
  view.payment?.kind === 'quote' && !view.quote?.acceptedAt ? 'quote' : 'order';

type AfterPlacement = Exclude<OrderEvent, { type: 'OrderPlaced' }>;

function evolvePlaced(order: FoldedOrder, event: AfterPlacement): FoldedOrder {
  const withView = (changes: Partial<OrderView>, heldFrom: HeldFromStatus | null = null): FoldedOrder => ({
    ...order,
    heldFrom,
    view: { ...order.view, ...changes },
  });
  switch (event.type) {
    case 'CheckoutRevised':
      return { ...withView(checkoutView(event.data)), idempotencyKey: event.data.idempotencyKey };
    case 'PurchaseOrderSubmitted': {
      const { company, name, poNumber, cardType, cardLast4 } = event.data;
      return withView({
        status: 'PO received',
        payment: { kind: 'purchase-order', company, name, poNumber, cardType, cardLast4 },
        lines: allocated(order.view.lines, event.data.allocations),
      });
    }
    case 'QuoteRequested': {
      const { company, name, poNumber } = event.data;
      return withView({ status: 'Quote requested', payment: { kind: 'quote', company, name, poNumber } });
    }
    case 'QuoteAccepted': {
      // The order becomes the quote: its lines and totals are the quoted ones from here on.
      const { quote } = order.view;
      if (!quote) return withView({});
      const { lines, subtotalCents, taxCents, totalCents } = quote;
      const poNumber = event.data.poNumber?.trim() ?? '';
      const payment = poNumber !== '' && order.view.payment ? { ...order.view.payment, poNumber } : order.view.payment;
      return withView({
        status: 'Quote accepted',
        lines: allocated(lines, event.data.allocations),
        subtotalCents,
        taxCents,
        totalCents,
        payment,
        quote: { ...quote, acceptedAt: event.data.acceptedAt },
      });
    }
    case 'QuoteDeclined': {
      const { quote } = order.view;
      if (!quote) return withView({});
      const { reason, declinedAt } = event.data;
      return withView({ status: 'Quote declined', quote: { ...quote, declined: { reason, declinedAt } } });
    }
    case 'InvoiceIssued': {
      // Issued by the workers; the status and a hold stay as they are.
      const { invoiceNumber, issuedAt, sha256, size } = event.data;
      return withView(
        { invoices: [...order.view.invoices, { invoiceNumber, issuedAt, sha256, size }] },
        order.heldFrom,
      );
    }
    case 'CreditNoteIssued': {
      const { creditNoteNumber, issuedAt, sha256, size } = event.data;
      const creditNotes = order.view.creditNotes.map((note) =>
        note.creditNoteNumber === creditNoteNumber ? { ...note, issuedAt, sha256, size } : note,
      );
      return withView({ creditNotes }, order.heldFrom);
    }
    case 'PaymentReceiptIssued': {
      const { receiptNumber, amountCents, issuedAt, sha256, size } = event.data;
      return withView(
        { receipts: [...order.view.receipts, { receiptNumber, amountCents, issuedAt, sha256, size }] },
        order.heldFrom,
      );
    }
    default:
      return evolveByStaff(order, event, withView);
  }
}

function evolveByStaff(
  order: FoldedOrder,
  event: StaffOrderEvent,
  withView: (changes: Partial<OrderView>, heldFrom?: HeldFromStatus | null) => FoldedOrder,
): FoldedOrder {
  switch (event.type) {
    case 'OrderConfirmed':
      return withView({ status: 'Confirmed' });
    case 'OrderPutOnHold': {
      const { status } = order.view;
      // The decider only holds a confirmed or processing order; anything else resumes as confirmed.
      return withView({ status: 'On hold' }, status === 'Processing' ? 'Processing' : 'Confirmed');
    }
    case 'OrderReleased':
      return withView({ status: order.heldFrom ?? 'Confirmed' });
    case 'OrderProcessing':
      return withView({ status: 'Processing' });
    case 'OrderShipped': {
      const { carrier, trackingNumber, shippedAt } = event.data;
      return withView({ status: 'Shipped', shipment: { carrier, trackingNumber, shippedAt } });
    }
    case 'OrderDelivered':
      return withView({ status: 'Delivered' });
    case 'OrderClosed':
      return withView({ status: 'Closed' });
    case 'OrderCancelled': {
      const { reason, cancelledAt } = event.data;
      return withView({ status: 'Cancelled', cancellation: { reason, cancelledAt } });
    }
    case 'InvoiceMarkedPaid':
      // Payment is apart from fulfilment (docs/orders.md): the status stays, a hold stays.
      return withView({ paidAt: event.data.paidAt }, order.heldFrom);
    case 'QuoteSent': {
      const { lines, subtotalCents, shippingCents, taxCents, totalCents, expiresAt, sentAt } = event.data;
      const revision = (order.view.quote?.revision ?? 0) + 1;
      return withView({
        status: 'Quoted',
        quote: {
          lines,
          subtotalCents,
          shippingCents: shippingCents ?? 0,
          taxCents,
          totalCents,
          expiresAt,
          sentAt,
          revision,
          acceptedAt: null,
          declined: null,
        },
      });
    }
    case 'CreditNoteRequested': {
      // Credit is apart from fulfilment, like payment: the status and a hold stay.
      const { creditNoteNumber, invoiceNumber, amountCents, reason, requestedAt } = event.data;
      const note = {
        creditNoteNumber,
        invoiceNumber,
        amountCents,
        reason,
        requestedAt,
        issuedAt: null,
        sha256: null,
        size: null,
      };
      return withView({ creditNotes: [...order.view.creditNotes, note] }, order.heldFrom);
    }
    default:
      return exhaustive(event);
  }
}

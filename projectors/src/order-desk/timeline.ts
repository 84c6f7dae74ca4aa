import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import type { OrderView } from '@labshop/contracts/orders/queries';
import type { TimelineEntry } from '@labshop/contracts/orders/desk-queries';
import { formatUsd } from '@labshop/contracts/money';
import { businessDay } from '@labshop/contracts/orders/business-day';
import { purchaseOrderWords } from '@labshop/contracts/orders/payment-words';

const withReason = (text: string, reason: string) => (reason ? `${text}: ${reason}` : text);

/** '; 3 unit(s) on backorder' when stock could not cover the order, else ''. */
const backorderWords = (allocations: readonly { backordered: number }[] | undefined) => {
  const units = (allocations ?? []).reduce((sum, allocation) => sum + allocation.backordered, 0);
  return units > 0 ? `; ${units} unit(s) on backorder` : '';
};

type Summaries = { [Type in OrderEvent['type']]?: (data: Extract<OrderEvent, { type: Type }>['data']) => string };

/**
 * What each order event says, in the words the order desk shows. Partial on purpose: an event kind
 * added to order streams later (by the workers, say) shows by its name until it is given words here.
 */
const summaries: Summaries = {
  OrderPlaced: ({ orderNumber, lines, totalCents }) =>
    `Order ${orderNumber} placed: ${lines.length} line(s), total ${formatUsd(totalCents)}`,
  // A purchase order charges nothing: the card is on file for the invoice (issue 21's words that match the facts).
  PurchaseOrderSubmitted: (submitted) => `${purchaseOrderWords(submitted)}${backorderWords(submitted.allocations)}`,
  CheckoutRevised: ({ lines, totalCents }) =>
    `Checkout revised by the customer: ${lines.length} line(s), total ${formatUsd(totalCents)}`,
  QuoteRequested: ({ poNumber }) => `Quote requested${poNumber ? ` (PO ${poNumber})` : ''}`,
  OrderConfirmed: () => 'Confirmed',
  OrderPutOnHold: ({ reason }) => withReason('Put on hold', reason),
  OrderReleased: () => 'Released from hold',
  OrderProcessing: () => 'Processing started',
  OrderShipped: ({ carrier, trackingNumber }) => `Shipped by ${carrier}, tracking number ${trackingNumber}`,
  OrderDelivered: () => 'Delivered',
  OrderClosed: () => 'Closed',
  OrderCancelled: ({ reason }) => withReason('Cancelled', reason),
  InvoiceMarkedPaid: ({ reference }) => withReason('Invoice marked paid', reference),
  QuoteSent: ({ totalCents, expiresAt }) =>
    `Quote sent: total ${formatUsd(totalCents)}, valid until ${businessDay(new Date(Date.parse(expiresAt) - 1))}`,
  QuoteAccepted: ({ poNumber, allocations }) =>
    `Quote accepted${poNumber ? ` with PO ${poNumber}` : ''}${backorderWords(allocations)}`,
  QuoteDeclined: ({ reason }) => withReason('Quote declined', reason),
  CreditNoteRequested: ({ creditNoteNumber, amountCents, reason }) =>
    withReason(`Credit note ${creditNoteNumber} for ${formatUsd(amountCents)}`, reason),
  CreditNoteIssued: ({ creditNoteNumber }) => `Credit note ${creditNoteNumber} issued`,
  PaymentReceiptIssued: ({ receiptNumber, amountCents }) =>
    `Payment receipt ${receiptNumber} issued for ${formatUsd(amountCents)}`,
};

function summaryOf(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  const summary = summaries[event.type as OrderEvent['type']] as ((data: unknown) => string) | undefined;
  return summary ? summary(event.data) : wordsOf(event.type);
}

/** 'InvoiceIssued' → 'Invoice issued': events of the order stream this model does not interpret still show. */
const wordsOf = (type: string) =>
  type
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^(\w)(.*)$/, (_, first: string, rest: string) => first + rest.toLowerCase());

/** The timeline's entry for one event of an order's stream: what, when, and who (admin, customer or system). */
export function timelineEntryOf(event: RecordedEvent): TimelineEntry {
  const { kind, id, email } = event.metadata.actor;
  return {
    eventId: event.id,
    type: event.type,
    at: event.metadata.occurredAt,
    actor: { kind, id, email },
    summary: summaryOf(event),
  };
}

/**
 * The timeline once the order's customer was erased: the entries whose words quoted what the customer
 * or staff typed (a PO number, a reason, a payment reference; sealed with the customer's key) say what
 * a rebuild reads, the same words with that text blank. The rest comes from the order as it stands.
 */
export function erasedTimeline(timeline: readonly TimelineEntry[], view: OrderView): TimelineEntry[] {
  const notes = view.creditNotes.values();
  return timeline.map((entry) => {
    const data = erasedDataOf(entry.type, view, notes);
    return data ? { ...entry, summary: summaryOf({ type: entry.type, data }) } : entry;
  });
}

function erasedDataOf(type: string, view: OrderView, notes: Iterator<OrderView['creditNotes'][number]>): unknown {
  switch (type) {
    case 'PurchaseOrderSubmitted':
      return view.payment?.kind === 'purchase-order'
        ? {
            poNumber: '',
            cardType: view.payment.cardType,
            cardLast4: view.payment.cardLast4,
            allocations: view.lines.map((line) => ({ backordered: line.backorderedQuantity ?? 0 })),
          }
        : undefined;
    case 'QuoteRequested':
      return { poNumber: '' };
    case 'OrderPutOnHold':
    case 'OrderCancelled':
      return { reason: '' };
    case 'InvoiceMarkedPaid':
      return { reference: '' };
    case 'CreditNoteRequested': {
      // The order's notes are in the order they were requested, as these entries are.
      const note = notes.next();
      return note.done
        ? undefined
        : { creditNoteNumber: note.value.creditNoteNumber, amountCents: note.value.amountCents, reason: '' };
    }
    default:
      return undefined;
  }
}

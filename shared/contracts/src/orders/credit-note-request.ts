import type { StaffOrderEvent } from './events.ts';
import { creditNoteNumberFor } from './document-numbers.ts';
import type { OrderView } from './queries.ts';

/**
 * The request for the order's next credit note against its invoice: numbered by the order's notes so far.
 * Staff's credit notes and the full one a cancellation of an invoiced order makes are both this event.
 */
export function creditNoteRequest(
  order: OrderView,
  amountCents: number,
  reason: string,
  at: Date,
): Extract<StaffOrderEvent, { type: 'CreditNoteRequested' }> {
  const invoice = order.invoices[0]!;
  return {
    type: 'CreditNoteRequested',
    data: {
      orderId: order.orderId,
      creditNoteNumber: creditNoteNumberFor(order.orderNumber, order.creditNotes.length + 1),
      invoiceNumber: invoice.invoiceNumber,
      amountCents,
      reason,
      requestedAt: at.toISOString(),
    },
  };
}

import { creditNoteNumberFor, type StaffOrderEvent } from '@labshop/contracts/orders/events';
import type { OrderView } from '@labshop/contracts/orders/queries';

/**
 * The request for the order's next credit note against its invoice: numbered by the order's notes so far.
 * Staff's credit notes and the full one a cancellation of an invoiced order makes are both this event.
 */
export function creditNoteRequest(
  view: OrderView,
  amountCents: number,
  reason: string,
  at: Date,
): Extract<StaffOrderEvent, { type: 'CreditNoteRequested' }> {
  const invoice = view.invoices[0]!;
  return {
    type: 'CreditNoteRequested',
    data: {
      orderId: view.orderId,
      creditNoteNumber: creditNoteNumberFor(view.orderNumber, view.creditNotes.length + 1),
      invoiceNumber: invoice.invoiceNumber,
      amountCents,
      reason,
      requestedAt: at.toISOString(),
    },
  };
}

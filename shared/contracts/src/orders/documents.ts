import { DomainError } from '../domain-error.ts';
import type { InvoiceEvent, StoredInvoice } from './invoices-events.ts';
import { invoiceNumberFor, receiptNumberFor } from './document-numbers.ts';
import { isInvoicedOrder } from './desk-rules.ts';
import { orderMoney } from './order-money.ts';
import type { FoldedOrder } from './fold-order.ts';
import type { OrderCreditNoteView, OrderView } from './queries.ts';

/** Which document of an order the workers issue: its invoice, a credit note staff asked for (by its number), or the receipt of its payment. */
export type DocumentRequest =
  { kind: 'invoice' } | { kind: 'creditNote'; creditNoteNumber: string } | { kind: 'receipt' };

/** The workers record a document they rendered and stored (its PDF under its hash), dated `issuedAt`. */
export interface IssueDocumentCommand {
  type: 'IssueDocument';
  request: DocumentRequest;
  file: StoredInvoice;
  issuedAt: string;
}

/** What a document is issued from: its number, and for a credit note the note as staff asked for it. */
export type IssuableDocument =
  | { kind: 'invoice'; number: string }
  | { kind: 'creditNote'; number: string; note: OrderCreditNoteView }
  | { kind: 'receipt'; number: string };

/** The number of the requested document when the order has it issued already (a retried job), else null. */
export function issuedDocumentNumber(order: OrderView, request: DocumentRequest): string | null {
  switch (request.kind) {
    case 'invoice':
      return order.invoices[0]?.invoiceNumber ?? null;
    case 'creditNote':
      return order.creditNotes.some(
        (note) => note.creditNoteNumber === request.creditNoteNumber && note.issuedAt !== null,
      )
        ? request.creditNoteNumber
        : null;
    case 'receipt':
      return order.receipts[0]?.receiptNumber ?? null;
  }
}

/**
 * The document to issue for the request, refused when the order has nothing to issue it for: an invoice
 * needs a purchase order or an accepted quote, a credit note staff's request of that number, a receipt an
 * invoice marked paid; an order cancelled before its invoice was issued gets none. The workers ask this before
 * rendering; the decider asks it again on the fresh stream.
 */
export function issuableDocument(order: OrderView, request: DocumentRequest): IssuableDocument {
  switch (request.kind) {
    case 'invoice':
      // Cancelled once is cancelled for good: nothing after it clears the cancellation.
      if (order.cancellation !== null)
        throw new DomainError(
          'order_cancelled',
          `Order ${order.orderNumber} was cancelled before its invoice was issued`,
        );
      if (!isInvoicedOrder(order))
        throw new DomainError(
          'document_not_issuable',
          `Order ${order.orderNumber} has no purchase order or accepted quote to invoice`,
        );
      return { kind: 'invoice', number: invoiceNumberFor(order.orderNumber) };
    case 'creditNote': {
      const note = order.creditNotes.find((candidate) => candidate.creditNoteNumber === request.creditNoteNumber);
      if (!note)
        throw new DomainError('not_found', `Order ${order.orderId} has no credit note ${request.creditNoteNumber}`);
      return { kind: 'creditNote', number: note.creditNoteNumber, note };
    }
    case 'receipt':
      if (!order.invoices[0] || order.paidAt === null)
        throw new DomainError('document_not_issuable', `Order ${order.orderNumber} has no paid invoice`);
      return { kind: 'receipt', number: receiptNumberFor(order.orderNumber) };
  }
}

/** A document is issued once: the same request again (a retried job, a second job) records nothing. */
export function decideIssueDocument(command: IssueDocumentCommand, state: FoldedOrder | null): InvoiceEvent[] {
  if (!state) throw new DomainError('not_found', 'Order not found');
  const order = state.view;
  if (issuedDocumentNumber(order, command.request) !== null) return [];
  const document = issuableDocument(order, command.request);
  const { orderId } = order;
  const issued = { ...command.file, issuedAt: command.issuedAt };
  switch (document.kind) {
    case 'invoice':
      return [{ type: 'InvoiceIssued', data: { orderId, invoiceNumber: document.number, ...issued } }];
    case 'creditNote': {
      const { creditNoteNumber, invoiceNumber, amountCents, reason } = document.note;
      return [
        {
          type: 'CreditNoteIssued',
          data: { orderId, creditNoteNumber, invoiceNumber, amountCents, reason, ...issued },
        },
      ];
    }
    case 'receipt':
      return [
        {
          type: 'PaymentReceiptIssued',
          data: {
            orderId,
            receiptNumber: document.number,
            invoiceNumber: order.invoices[0]!.invoiceNumber,
            amountCents: orderMoney(order).paidCents,
            paidAt: order.paidAt!,
            ...issued,
          },
        },
      ];
  }
}

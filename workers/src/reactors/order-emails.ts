import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import type { InvoiceEvent } from '@labshop/contracts/orders/invoices-events';
import { issueCreditNoteJob, issueInvoiceJob, issueReceiptJob } from '../jobs/issue-document.ts';
import { orderEmailJob } from '../jobs/order-emails.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

/** The order and invoice events the reactor turns into jobs; their union is derived from this list, and `toJobs` switches over every member. */
const reactedEventTypes = [
  'PurchaseOrderSubmitted',
  'QuoteRequested',
  'QuoteSent',
  'QuoteAccepted',
  'QuoteDeclined',
  'InvoiceIssued',
  'InvoiceMarkedPaid',
  'PaymentReceiptIssued',
  'CreditNoteRequested',
  'CreditNoteIssued',
  'OrderShipped',
  'OrderCancelled',
] as const satisfies readonly (OrderEvent | InvoiceEvent)['type'][];

type ReactedEvent = Extract<OrderEvent | InvoiceEvent, { type: (typeof reactedEventTypes)[number] }>;

/**
 * What follows an order's events outside the request: a submitted purchase order gets its invoice issued
 * (which appends InvoiceIssued) and tells the sales inbox; the issued invoice is mailed to the customer
 * with the order confirmation; a quote request is acknowledged and told to sales; a quote sent is mailed
 * with its prices and expiry, and an accepted one is invoiced like a purchase order (so the customer gets
 * the confirmation with its invoice); the sales inbox is told of every acceptance and decline; a credit note staff asked for is rendered (which appends
 * CreditNoteIssued) and then mailed with its PDF; an invoice marked paid gets its payment receipt issued (which appends
 * PaymentReceiptIssued) and mailed with its PDF; shipping and cancelling are mailed to the customer. Jobs
 * carry the order id and the event's revision only.
 */
export const orderEmailsReactor: Reactor = {
  name: 'order-emails',
  eventTypes: reactedEventTypes,
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const event = { type: recorded.type, data: recorded.data } as ReactedEvent;
    const about = { orderId: event.data.orderId, revision: recorded.revision };
    switch (event.type) {
      case 'PurchaseOrderSubmitted':
        return [
          issueInvoiceJob({
            orderId: event.data.orderId,
            issuedAt: event.data.submittedAt,
            causationId: recorded.id,
            correlationId: recorded.metadata.correlationId,
          }),
          orderEmailJob({ template: 'sales-notification', ...about }),
        ];
      case 'QuoteRequested':
        return [
          orderEmailJob({ template: 'quote-received', ...about }),
          orderEmailJob({ template: 'sales-notification', ...about }),
        ];
      case 'QuoteSent':
        return [orderEmailJob({ template: 'quote-sent', ...about })];
      case 'QuoteAccepted':
        return [
          issueInvoiceJob({
            orderId: event.data.orderId,
            issuedAt: event.data.acceptedAt,
            causationId: recorded.id,
            correlationId: recorded.metadata.correlationId,
          }),
          orderEmailJob({ template: 'quote-answered', ...about }),
        ];
      case 'QuoteDeclined':
        return [orderEmailJob({ template: 'quote-answered', ...about })];
      case 'CreditNoteRequested': {
        const { orderId, creditNoteNumber, requestedAt } = event.data;
        return [
          issueCreditNoteJob({
            orderId,
            creditNoteNumber,
            issuedAt: requestedAt,
            causationId: recorded.id,
            correlationId: recorded.metadata.correlationId,
          }),
        ];
      }
      case 'InvoiceMarkedPaid':
        return [
          issueReceiptJob({
            orderId: event.data.orderId,
            reference: event.data.reference,
            issuedAt: event.data.paidAt,
            causationId: recorded.id,
            correlationId: recorded.metadata.correlationId,
          }),
        ];
      case 'PaymentReceiptIssued':
        return [orderEmailJob({ template: 'payment-receipt', ...about })];
      case 'CreditNoteIssued':
        return [orderEmailJob({ template: 'credit-note', ...about })];
      case 'InvoiceIssued':
        return [orderEmailJob({ template: 'order-confirmation', ...about })];
      case 'OrderShipped':
        return [orderEmailJob({ template: 'shipped', ...about })];
      case 'OrderCancelled':
        return [orderEmailJob({ template: 'cancelled', ...about })];
    }
  },
};

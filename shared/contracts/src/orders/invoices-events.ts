import { everyEventType } from '../every-event-type.ts';

/** A stored invoice: its name in the store is its content's sha256, so it can never be replaced by other bytes. */
export interface StoredInvoice {
  fileName: string;
  sha256: string;
  size: number;
}

/**
 * Invoices. An invoice is issued once per order, by the workers, after its purchase order was submitted
 * (or its quote accepted),
 * and appended to the order's own stream (`order-<orderId>`), so the order's fold and its timeline see it.
 * It is immutable: the PDF is stored content-addressed (`<sha256>.pdf`) and the event records its hash,
 * so every download can be checked against what was issued. A correction is a credit note that refers
 * to the invoice number (CreditNoteIssued, stored and checked the same way), never a new rendering.
 */
export interface InvoiceIssuedData {
  orderId: string;
  /** `INV-<order number>`: unique because order numbers are, and an order has one invoice. */
  invoiceNumber: string;
  /** The stored file's name in the invoice store: `<sha256>.pdf`. */
  fileName: string;
  sha256: string;
  /** Bytes. */
  size: number;
  issuedAt: string;
}

/** A credit note as issued by the workers for a CreditNoteRequested of the same number: its PDF's file and hash. */
export interface CreditNoteIssuedData {
  orderId: string;
  /** `CN-<order number>-<n>`: unique because order numbers are, and n counts the order's own notes. */
  creditNoteNumber: string;
  invoiceNumber: string;
  amountCents: number;
  reason: string;
  fileName: string;
  sha256: string;
  size: number;
  issuedAt: string;
}

/**
 * A payment receipt, issued by the workers when staff mark the invoice paid (InvoiceMarkedPaid): the invoice
 * itself never changes, the receipt states what was paid and when. Stored and checked like an invoice.
 */
export interface PaymentReceiptIssuedData {
  orderId: string;
  /** `RCT-<order number>`: an order's invoice is paid once. */
  receiptNumber: string;
  invoiceNumber: string;
  amountCents: number;
  paidAt: string;
  fileName: string;
  sha256: string;
  size: number;
  issuedAt: string;
}

export type InvoiceEvent =
  | { type: 'InvoiceIssued'; data: InvoiceIssuedData }
  | { type: 'CreditNoteIssued'; data: CreditNoteIssuedData }
  | { type: 'PaymentReceiptIssued'; data: PaymentReceiptIssuedData };

export const invoiceEventTypes = everyEventType<InvoiceEvent['type']>()([
  'InvoiceIssued',
  'CreditNoteIssued',
  'PaymentReceiptIssued',
]);

/** Net 30 (the terms of sales): an invoice is due this many days after it was issued. */
export const PAYMENT_TERMS_DAYS = 30;

/** When an invoice issued at `issuedAt` falls due: the invoice's due date and the ledger's overdue line. */
export const invoiceDueAt = (issuedAt: string): string =>
  new Date(Date.parse(issuedAt) + PAYMENT_TERMS_DAYS * 86_400_000).toISOString();

/** The actor of events the workers append on their own (no person asked for them). */
export const INVOICING_ACTOR = { kind: 'system', id: 'invoicing', email: '' } as const;

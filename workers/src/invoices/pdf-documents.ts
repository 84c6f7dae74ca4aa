import type { OrderView } from '@labshop/contracts/orders/queries';
import { renderCreditNotePdf, type CreditNoteContent } from './credit-note-pdf.ts';
import type { InvoiceContent } from './invoice-content.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderQuotePdf } from './quote-pdf.ts';
import { renderReceiptPdf, type ReceiptContent } from './receipt-pdf.ts';

/** A document to render, as plain data: it can be handed to another thread (`pdf-thread.ts`). */
export type PdfRequest =
  | { kind: 'invoice'; content: InvoiceContent; issuedAt: Date }
  | { kind: 'creditNote'; content: CreditNoteContent; issuedAt: Date }
  | { kind: 'receipt'; content: ReceiptContent; issuedAt: Date }
  | { kind: 'quote'; order: OrderView };

/** Renders any of the workers' documents, in this thread. */
export function renderDocumentPdf(request: PdfRequest): Promise<Buffer> {
  switch (request.kind) {
    case 'invoice':
      return renderInvoicePdf(request.content, request.issuedAt);
    case 'creditNote':
      return renderCreditNotePdf(request.content, request.issuedAt);
    case 'receipt':
      return renderReceiptPdf(request.content, request.issuedAt);
    case 'quote':
      return renderQuotePdf(request.order);
  }
}

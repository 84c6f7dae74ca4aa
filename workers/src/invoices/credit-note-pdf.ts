import { formatUsd } from '@labshop/contracts/money';
import { moneyAtCreditNote } from '@labshop/contracts/orders/order-money';
import type { OrderCreditNoteView, OrderView } from '@labshop/contracts/orders/queries';
import { invoiceReference, type InvoiceReference } from './invoice-content.ts';
import {
  amountRows,
  BRAND,
  closingNote,
  documentHeader,
  factIfAny,
  INK,
  PAGE_MARGIN,
  partyBlocks,
  renderPdf,
  RULE,
} from './invoice-pdf.ts';

/** Everything a credit note shows, as text ready to print. */
export interface CreditNoteContent extends InvoiceReference {
  creditNoteNumber: string;
  reason: string;
  invoiceTotal: string;
  /** Credited by this note. */
  amount: string;
  /** Credited by the order's notes up to and including this one. */
  creditedToDate: string;
  /** What the invoice comes to after the notes so far: the balance still owed, or (on a paid invoice) the refund this note makes due. */
  outcome: [label: string, amount: string];
  terms: string;
}

/**
 * A credit note of an invoiced order, as its text. It refers to the invoice it corrects (which stays as
 * issued) and says what was credited, why, and what the invoice comes to after it and the notes before it.
 */
/** The note as staff asked for it (the order's own, or the order deciders' issuable document). */
type CreditNoteRequest = Pick<OrderCreditNoteView, 'creditNoteNumber' | 'invoiceNumber' | 'amountCents' | 'reason'>;

export function creditNoteContent(order: OrderView, note: CreditNoteRequest, issuedAt: string): CreditNoteContent {
  const invoice = order.invoices.find((candidate) => candidate.invoiceNumber === note.invoiceNumber);
  if (!invoice) throw new Error(`Order ${order.orderNumber} has no invoice ${note.invoiceNumber} to credit`);
  const money = moneyAtCreditNote(order, note.creditNoteNumber);
  const paid = money.paidCents > 0;
  return {
    creditNoteNumber: note.creditNoteNumber,
    ...invoiceReference(order, invoice, issuedAt),
    reason: note.reason,
    invoiceTotal: formatUsd(order.totalCents),
    amount: formatUsd(note.amountCents),
    creditedToDate: formatUsd(money.creditedCents),
    outcome: paid
      ? ['Refund due to you', formatUsd(money.refundCents)]
      : ['Invoice balance after credits', formatUsd(money.balanceCents)],
    terms: paid
      ? `Invoice ${invoice.invoiceNumber} was paid (${formatUsd(money.paidCents)}): we refund ${formatUsd(money.refundCents)} to the account it was paid from; please quote ${note.creditNoteNumber}.`
      : `This credit note reduces the amount due on invoice ${invoice.invoiceNumber} by ${formatUsd(note.amountCents)}; please quote ${note.creditNoteNumber} with your payment.`,
  };
}

/** Renders the credit note as a PDF: the same bytes for the same content and issue time (see renderPdf). */
export function renderCreditNotePdf(content: CreditNoteContent, issuedAt: Date): Promise<Buffer> {
  const info = {
    Title: `Credit note ${content.creditNoteNumber}`,
    Author: content.seller.legalName,
    Subject: `Credit against invoice ${content.invoiceNumber}, order ${content.orderNumber}`,
  };
  return renderPdf(info, issuedAt, (doc) => {
    documentHeader(doc, content.seller, 'CREDIT NOTE', [
      ['Credit note number', content.creditNoteNumber],
      ['Credit note date', content.issueDate],
      ['Invoice number', content.invoiceNumber],
      ['Invoice date', content.invoiceDate],
      ['Order number', content.orderNumber],
      ...factIfAny('PO number', content.poNumber),
    ]);
    partyBlocks(doc, [['Credit to', content.billTo]]);
    doc.font('Helvetica-Bold').fontSize(9.5).fillColor(BRAND).text('Reason', PAGE_MARGIN, doc.y, { width: 512 });
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(content.reason, { width: 512 });
    doc.moveDown(1);
    doc.moveTo(PAGE_MARGIN, doc.y).lineTo(562, doc.y).strokeColor(RULE).lineWidth(1).stroke();
    doc.y += 10;
    amountRows(
      doc,
      [
        [`Invoice ${content.invoiceNumber} total`, content.invoiceTotal, false],
        ['Credited by this note', content.amount, true],
        ['Credited to date', content.creditedToDate, false],
        [...content.outcome, true],
      ],
      262,
    );
    closingNote(doc, content.terms);
  });
}

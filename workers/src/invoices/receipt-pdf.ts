import { formatBusinessDate } from '@labshop/contracts/dates';
import { formatUsd } from '@labshop/contracts/money';
import { orderMoney } from '@labshop/contracts/orders/order-money';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { invoiceReference, type InvoiceReference } from './invoice-content.ts';
import { amountRows, closingNote, documentHeader, factIfAny, partyBlocks, renderPdf } from './invoice-pdf.ts';

/** Everything a payment receipt shows, as text ready to print. */
export interface ReceiptContent extends InvoiceReference {
  receiptNumber: string;
  paymentDate: string;
  invoiceTotal: string;
  /** Credited before the payment (the payment settled the rest). */
  creditedBefore: string;
  amountPaid: string;
  reference: string;
  terms: string;
}

/**
 * The receipt of an invoice marked paid: the invoice stays as issued, this states what was paid against it
 * and when (orderMoney's paid amount: the total less the credits asked for before the payment).
 */
export function receiptContent(
  order: OrderView,
  receiptNumber: string,
  reference: string,
  issuedAt: string,
): ReceiptContent {
  const invoice = order.invoices[0];
  if (!invoice || order.paidAt === null)
    throw new Error(`Order ${order.orderNumber} has no paid invoice to give a receipt for`);
  const money = orderMoney(order);
  return {
    receiptNumber,
    ...invoiceReference(order, invoice, issuedAt),
    paymentDate: formatBusinessDate(order.paidAt),
    invoiceTotal: formatUsd(money.invoicedCents),
    creditedBefore: formatUsd(money.invoicedCents - money.paidCents),
    amountPaid: formatUsd(money.paidCents),
    reference,
    terms: `Received with thanks: invoice ${invoice.invoiceNumber} is paid in full. Any later credit note on it is refunded to you.`,
  };
}

/** Renders the receipt as a PDF: the same bytes for the same content and issue time (see renderPdf). */
export function renderReceiptPdf(content: ReceiptContent, issuedAt: Date): Promise<Buffer> {
  const info = {
    Title: `Payment receipt ${content.receiptNumber}`,
    Author: content.seller.legalName,
    Subject: `Payment of invoice ${content.invoiceNumber}, order ${content.orderNumber}`,
  };
  return renderPdf(info, issuedAt, (doc) => {
    documentHeader(doc, content.seller, 'PAYMENT RECEIPT', [
      ['Receipt number', content.receiptNumber],
      ['Receipt date', content.issueDate],
      ['Invoice number', content.invoiceNumber],
      ['Invoice date', content.invoiceDate],
      ['Order number', content.orderNumber],
      ...factIfAny('PO number', content.poNumber),
      ['Payment date', content.paymentDate],
      ...factIfAny('Payment reference', content.reference),
    ]);
    partyBlocks(doc, [['Received from', content.billTo]]);
    amountRows(
      doc,
      [
        [`Invoice ${content.invoiceNumber} total`, content.invoiceTotal, false],
        ['Credited before payment', content.creditedBefore, false],
        ['Amount paid', content.amountPaid, true],
      ],
      262,
    );
    closingNote(doc, content.terms);
  });
}

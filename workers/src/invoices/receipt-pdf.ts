import { formatBusinessDate } from '@labshop/shared/dates';
import { formatUsd } from '@labshop/shared/money';
import { orderMoney } from '@labshop/shared/orders/order-money';
import type { OrderView } from '@labshop/shared/queries/orders';
import { COMPANY_PROFILE, companySellerLines } from '@labshop/shared/company-profile';
import { parties } from './invoice-content.ts';
import { documentHeader, MUTED, PAGE_MARGIN, partyBlocks, renderPdf, INK } from './invoice-pdf.ts';

/** Everything a payment receipt shows, as text ready to print. */
export interface ReceiptContent {
  receiptNumber: string;
  issueDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  poNumber: string;
  paymentDate: string;
  seller: { legalName: string; lines: string[] };
  billTo: string[];
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
export function receiptContent(order: OrderView, receiptNumber: string, reference: string, issuedAt: string): ReceiptContent {
  const invoice = order.invoices[0];
  if (!invoice || order.paidAt === null) throw new Error(`Order ${order.orderNumber} has no paid invoice to give a receipt for`);
  const money = orderMoney(order);
  return {
    receiptNumber,
    issueDate: formatBusinessDate(issuedAt),
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: formatBusinessDate(invoice.issuedAt),
    orderNumber: order.orderNumber,
    poNumber: order.payment?.poNumber ?? '',
    paymentDate: formatBusinessDate(order.paidAt),
    seller: { legalName: COMPANY_PROFILE.legalName, lines: companySellerLines },
    billTo: parties(order).billTo,
    invoiceTotal: formatUsd(money.invoicedCents),
    creditedBefore: formatUsd(money.invoicedCents - money.paidCents),
    amountPaid: formatUsd(money.paidCents),
    reference,
    terms: `Received with thanks: invoice ${invoice.invoiceNumber} is paid in full. Any later credit note on it is refunded to you.`,
  };
}

/** Renders the receipt as a PDF: the same bytes for the same content and issue time (see renderPdf). */
export function renderReceiptPdf(content: ReceiptContent, issuedAt: Date): Promise<Buffer> {
  const info = { Title: `Payment receipt ${content.receiptNumber}`, Author: content.seller.legalName, Subject: `Payment of invoice ${content.invoiceNumber}, order ${content.orderNumber}` };
  return renderPdf(info, issuedAt, (doc) => {
    documentHeader(doc, content.seller, 'PAYMENT RECEIPT', [
      ['Receipt number', content.receiptNumber],
      ['Receipt date', content.issueDate],
      ['Invoice number', content.invoiceNumber],
      ['Invoice date', content.invoiceDate],
      ['Order number', content.orderNumber],
      ...(content.poNumber ? ([['PO number', content.poNumber]] as [string, string][]) : []),
      ['Payment date', content.paymentDate],
      ...(content.reference ? ([['Payment reference', content.reference]] as [string, string][]) : []),
    ]);
    partyBlocks(doc, [['Received from', content.billTo]]);
    const rows: [string, string, boolean][] = [
      [`Invoice ${content.invoiceNumber} total`, content.invoiceTotal, false],
      ['Credited before payment', content.creditedBefore, false],
      ['Amount paid', content.amountPaid, true],
    ];
    let y = doc.y;
    for (const [label, value, strong] of rows) {
      doc.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(strong ? 10.5 : 9.5).fillColor(INK);
      doc.text(label, 262, y, { width: 220 });
      doc.text(value, 482, y, { width: 80, align: 'right' });
      y += 15;
    }
    doc.y = y + 16;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(content.terms, PAGE_MARGIN, doc.y, { width: 512 });
  });
}

import { formatBusinessDate } from '@labshop/contracts/dates';
import { formatUsd } from '@labshop/contracts/money';
import { pricedView } from '@labshop/contracts/orders/priced-view';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { salesTaxLine } from '@labshop/contracts/tax/sales-tax';
import { COMPANY_PROFILE, companySellerLines } from '@labshop/contracts/company-profile';
import { documentLine, parties, shippingRow } from './invoice-content.ts';
import { closingNote, documentHeader, factIfAny, linesTable, partyBlocks, renderPdf, totals } from './invoice-pdf.ts';

/**
 * The quote staff sent, as a PDF the customer can file or forward for approval: its lines at the quoted
 * prices and the one quote total (pricedView), the last day it can be accepted. Rendered for the quote email.
 */
export function renderQuotePdf(order: OrderView): Promise<Buffer> {
  const { quote } = order;
  if (quote === null) throw new Error(`Order ${order.orderNumber} has no quote`);
  const priced = pricedView(order);
  const lastDay = formatBusinessDate(new Date(Date.parse(quote.expiresAt) - 1));
  const info = {
    Title: `Quote ${order.orderNumber}`,
    Author: COMPANY_PROFILE.legalName,
    Subject: `Quote ${order.orderNumber}, revision ${quote.revision}`,
  };
  return renderPdf(info, new Date(quote.sentAt), (doc) => {
    documentHeader(doc, { legalName: COMPANY_PROFILE.legalName, lines: companySellerLines }, 'QUOTE', [
      ['Quote number', order.orderNumber],
      ['Quote date', formatBusinessDate(quote.sentAt)],
      ['Revision', String(quote.revision)],
      ['Valid until', lastDay],
      ...factIfAny('PO number', order.payment?.poNumber ?? ''),
    ]);
    const { billTo, shipTo } = parties(order);
    partyBlocks(doc, [
      ['Quoted to', billTo],
      ['Ship to', shipTo],
    ]);
    linesTable(doc, { lines: priced.lines.map(documentLine) });
    // The quote keeps the order's shipping (its lines are the same), so the shipping row is the order's.
    const shipping = shippingRow(order);
    totals(
      doc,
      {
        subtotal: formatUsd(priced.subtotalCents),
        shipping,
        taxLabel: salesTaxLine(order),
        tax: formatUsd(priced.taxCents),
        total: formatUsd(priced.totalCents),
      },
      false,
    );
    closingNote(
      doc,
      `Accept this quote in My Quotes by the end of ${lastDay} (Eastern time): it becomes an order at these prices, invoiced Net 30.${shipping ? '' : ' Prices exclude shipping.'}`,
    );
  });
}

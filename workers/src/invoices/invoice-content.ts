import { COMPANY_PROFILE, companySellerLines } from '@labshop/contracts/company-profile';
import { cityLine } from '@labshop/contracts/postal-address';
import { formatUsd } from '@labshop/contracts/money';
import type { BillingAddressView, OrderView } from '@labshop/contracts/orders/queries';
import { formatBusinessDate } from '@labshop/contracts/dates';
import { salesTaxLine } from '@labshop/contracts/tax/sales-tax';
import { shippingCentsOf, shippingLine } from '@labshop/contracts/orders/shipping';
import { isInvoicedOrder } from '@labshop/contracts/orders/desk-rules';
import { invoiceDueAt, PAYMENT_TERMS_DAYS } from '@labshop/contracts/orders/invoices-events';
import { offerOption } from '@labshop/contracts/catalogue/offer-option';

/** Everything an invoice shows, as text ready to print: the renderer only lays it out. */
export interface InvoiceContent {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  orderNumber: string;
  orderDate: string;
  poNumber: string;
  paymentTerms: string;
  seller: { legalName: string; lines: string[] };
  billTo: string[];
  shipTo: string[];
  lines: {
    catalogNumber: string;
    description: string;
    packageId: string;
    quantity: string;
    unitPrice: string;
    lineTotal: string;
  }[];
  subtotal: string;
  /** 'Shipping (Overnight, incl. $35.00 dry-ice surcharge)' and its cost; null for an order placed before shipping was charged. */
  shipping: { label: string; amount: string } | null;
  /** 'Sales tax (LA 10.12%)' or 'Sales tax (exempt: EX-123)'. */
  taxLabel: string;
  tax: string;
  total: string;
  howToPay: string;
  terms: string;
}

/** One order line as an invoice or a quote prints it. */
export const documentLine = (line: OrderView['lines'][number]): InvoiceContent['lines'][number] => ({
  catalogNumber: line.catalogNumber,
  description: [line.productName, offerOption(line)].filter(Boolean).join(' · '),
  packageId: line.innerPackageId,
  quantity: String(line.quantity),
  unitPrice: formatUsd(line.unitPriceCents),
  lineTotal: formatUsd(line.lineTotalCents),
});

/** What a receipt and a credit note say of the invoice they refer to, its order and the parties, as text. */
export interface InvoiceReference {
  issueDate: string;
  invoiceNumber: string;
  invoiceDate: string;
  orderNumber: string;
  poNumber: string;
  seller: { legalName: string; lines: string[] };
  billTo: string[];
}

/** The reference to `invoice` of a document of `order` issued at `issuedAt` (a receipt, a credit note). */
export function invoiceReference(
  order: OrderView,
  invoice: OrderView['invoices'][number],
  issuedAt: string,
): InvoiceReference {
  return {
    issueDate: formatBusinessDate(issuedAt),
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: formatBusinessDate(invoice.issuedAt),
    orderNumber: order.orderNumber,
    poNumber: order.payment?.poNumber ?? '',
    seller: { legalName: COMPANY_PROFILE.legalName, lines: companySellerLines },
    billTo: parties(order).billTo,
  };
}

/** The shipping line of an order's documents: the method and its cost, or null when none was recorded (orders before it). */
export const shippingRow = (order: Pick<OrderView, 'shipping'>): InvoiceContent['shipping'] =>
  order.shipping ? { label: shippingLine(order.shipping), amount: formatUsd(shippingCentsOf(order)) } : null;

/** The buyer's and the delivery's address blocks of an invoiced order (a credit note bills the same buyer). */
export function parties(order: OrderView): { billTo: string[]; shipTo: string[] } {
  const { address, billingAddress } = order;
  const payment = order.payment ?? { company: '', name: '' };
  const linesOf = (where: BillingAddressView) =>
    [where.address1, where.address2, cityLine(where), 'United States'].filter(Boolean);
  const person = `${address.firstName} ${address.lastName}`;
  const shipTo = [address.company, person, ...linesOf(address), address.phone].filter(Boolean);
  // The checkout's "use for invoice" says whether the delivery address is also the billing address; otherwise
  // the invoice goes to the billing address typed at checkout (orders from before it: the purchase order's
  // or quote's company and buyer, without an address of their own).
  const billTo = address.useForInvoice
    ? [payment.company || address.company, payment.name || person, ...linesOf(address), address.email]
    : billingAddress
      ? [
          billingAddress.company,
          `${billingAddress.firstName} ${billingAddress.lastName}`,
          ...linesOf(billingAddress),
          billingAddress.phone,
          billingAddress.email,
        ]
      : [payment.company, payment.name, address.email];
  return { billTo: billTo.filter(Boolean), shipTo };
}

/**
 * An invoiced order (a purchase order, or a quote accepted: its lines and totals are then the quoted ones),
 * as the invoice's text.
 */
export function invoiceContent(order: OrderView, invoiceNumber: string, issuedAt: string): InvoiceContent {
  const { payment } = order;
  if (!payment || !isInvoicedOrder(order))
    throw new Error(`Order ${order.orderNumber} has no purchase order or accepted quote to invoice`);
  const { billTo, shipTo } = parties(order);
  const due = invoiceDueAt(issuedAt);
  return {
    invoiceNumber,
    issueDate: formatBusinessDate(issuedAt),
    dueDate: formatBusinessDate(due),
    orderNumber: order.orderNumber,
    orderDate: formatBusinessDate(order.placedAt),
    poNumber: payment.poNumber,
    paymentTerms: `Net ${PAYMENT_TERMS_DAYS}`,
    seller: { legalName: COMPANY_PROFILE.legalName, lines: companySellerLines },
    billTo,
    shipTo,
    lines: order.lines.map(documentLine),
    subtotal: formatUsd(order.subtotalCents),
    shipping: shippingRow(order),
    taxLabel: salesTaxLine(order),
    tax: formatUsd(order.taxCents),
    total: formatUsd(order.totalCents),
    howToPay: `Pay by ACH or wire transfer to ${COMPANY_PROFILE.legalName}, quoting invoice ${invoiceNumber}${payment.poNumber.trim() ? ` and PO ${payment.poNumber.trim()}` : ''}, or call ${COMPANY_PROFILE.phone} to pay by card.`,
    terms: `Payment due within ${PAYMENT_TERMS_DAYS} days of the invoice date. Goods remain our property until paid in full. Full terms of sales: see Ordering > Terms of Sales on our website.`,
  };
}

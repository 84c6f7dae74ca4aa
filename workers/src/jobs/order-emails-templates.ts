import { formatUsd } from '@labshop/contracts/money';
import { companySignature } from '@labshop/contracts/company-profile';
import { moneyAtCreditNote } from '@labshop/contracts/orders/order-money';
import { pricedView } from '@labshop/contracts/orders/priced-view';
import { reservedText } from '@labshop/contracts/stock/stock-words';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { formatBusinessDate, SUPPORT_HOURS } from '@labshop/contracts/dates';
import { salesTaxLine } from '@labshop/contracts/tax/sales-tax';
import { poNumberSuffix } from '@labshop/contracts/orders/payment-words';
import { shippingCentsOf, shippingLine } from '@labshop/contracts/orders/shipping';
import type { RenderedEmail } from './customer-emails-templates.ts';
import { escapeHtml } from '../mail/escape-html.ts';

/** Which order message, and the facts it needs beyond the order itself. */
export type OrderEmail =
  | { template: 'order-confirmation'; invoiceNumber: string }
  | { template: 'quote-received' }
  | { template: 'shipped'; carrier: string; trackingNumber: string }
  | { template: 'cancelled'; reason: string }
  | { template: 'sales-notification' }
  | { template: 'quote-sent' }
  | { template: 'credit-note'; creditNoteNumber: string; invoiceNumber: string; amountCents: number; reason: string }
  | { template: 'payment-receipt'; receiptNumber: string; invoiceNumber: string; amountCents: number }
  /** To the sales inbox: the customer accepted or declined the quote. */
  | { template: 'quote-answered'; accepted: boolean };

export type OrderEmailTemplate = OrderEmail['template'];

/** Every template, once (a job names one): the record fails type-checking until a new template is listed. */
const templateNames: Record<OrderEmailTemplate, true> = {
  'order-confirmation': true,
  'quote-received': true,
  shipped: true,
  cancelled: true,
  'sales-notification': true,
  'quote-sent': true,
  'credit-note': true,
  'payment-receipt': true,
  'quote-answered': true,
};
export const orderEmailTemplates = Object.keys(templateNames) as [OrderEmailTemplate, ...OrderEmailTemplate[]];

const SUPPORT = `Questions? Our support team is there ${SUPPORT_HOURS}.`;

/**
 * The message about an order: the customer's (to the order's email) or the sales inbox's. Text and HTML
 * say the same, with the same link: the customer's My Orders (or My Quotes), staff's order desk page.
 */
export function renderOrderEmail(
  order: OrderView,
  email: OrderEmail,
  links: { publicUrl: string; salesEmail?: string | undefined },
): RenderedEmail {
  const { orderNumber } = order;
  const customer = `${order.address.firstName} ${order.address.lastName}`;
  const greeting = `Dear ${customer},`;
  const myOrders = `${links.publicUrl}/my-order`;
  const poNumber = order.payment?.poNumber ?? '';
  switch (email.template) {
    case 'order-confirmation':
      return compose(order.address.email, `Order ${orderNumber} received — invoice ${email.invoiceNumber}`, greeting, [
        {
          text: order.quote?.acceptedAt
            ? `Thank you for accepting your quote: order ${orderNumber} is placed at the quoted prices; our team confirms it shortly.`
            : `Thank you for your order. We received your purchase order${poNumber ? ` ${poNumber}` : ''} for order ${orderNumber}; our team confirms it shortly.`,
        },
        { text: `Your invoice ${email.invoiceNumber} is attached (PDF). Payment terms: Net 30.` },
        { order },
        { link: myOrders, label: 'See your order' },
        { text: SUPPORT },
      ]);
    case 'quote-received':
      return compose(order.address.email, `Quote request ${orderNumber} received`, greeting, [
        {
          text: `Thank you for your quote request ${orderNumber}. Our sales team prepares your quote and emails you when it is ready.`,
        },
        { order },
        { link: `${myOrders}?tab=quotes`, label: 'See your quote requests' },
        { text: SUPPORT },
      ]);
    case 'shipped':
      return compose(order.address.email, `Order ${orderNumber} has shipped`, greeting, [
        { text: `Good news: your order ${orderNumber} is on its way.` },
        { text: `Carrier: ${email.carrier}. Tracking number: ${email.trackingNumber}.` },
        { order },
        { link: myOrders, label: 'See your order' },
        { text: SUPPORT },
      ]);
    case 'cancelled':
      return compose(order.address.email, `Order ${orderNumber} was cancelled`, greeting, [
        { text: `Your order ${orderNumber} was cancelled. Reason: ${email.reason}` },
        {
          text: 'Nothing will be shipped or charged for this order. If you did not expect this, please reply or call us.',
        },
        { order },
        { link: myOrders, label: 'See your orders' },
      ]);
    case 'quote-sent': {
      const { quote } = order;
      if (!quote) throw new Error(`Order ${orderNumber} has no quote to send`);
      const validUntil = formatBusinessDate(new Date(Date.parse(quote.expiresAt) - 1));
      return compose(
        order.address.email,
        `Your quote ${orderNumber}${quote.revision > 1 ? ' (revised)' : ''} — ${formatUsd(quote.totalCents)}, valid until ${validUntil}`,
        greeting,
        [
          {
            text: `Thank you for your quote request ${orderNumber}. ${quote.revision > 1 ? 'We revised your quote; it replaces the one we sent before.' : 'Your quote is ready.'}`,
          },
          { order: pricedView(order) },
          {
            text: `The quote is valid until ${validUntil} (end of day, Eastern time). Accept it in My Quotes and it becomes an order at these prices; we then send you the order confirmation with its invoice.`,
          },
          { link: `${myOrders}?tab=quotes`, label: 'See and accept your quote' },
          { text: SUPPORT },
        ],
      );
    }
    case 'payment-receipt':
      return compose(
        order.address.email,
        `Payment received for invoice ${email.invoiceNumber} — ${formatUsd(email.amountCents)}`,
        greeting,
        [
          {
            text: `Thank you: we received your payment of ${formatUsd(email.amountCents)} for invoice ${email.invoiceNumber} of your order ${orderNumber}. The invoice is paid in full.`,
          },
          {
            text: `Your payment receipt ${email.receiptNumber} is attached (PDF); you can also download it from My Orders.`,
          },
          { link: myOrders, label: 'See your order' },
          { text: SUPPORT },
        ],
      );
    case 'credit-note':
      return compose(
        order.address.email,
        `Credit note ${email.creditNoteNumber} for order ${orderNumber} — ${formatUsd(email.amountCents)}`,
        greeting,
        [
          {
            text: `We issued credit note ${email.creditNoteNumber} for ${formatUsd(email.amountCents)} against invoice ${email.invoiceNumber} of your order ${orderNumber}.`,
          },
          { text: `Reason: ${email.reason}` },
          { text: creditOutcome(order, email.creditNoteNumber) },
          { text: 'The credit note is attached (PDF); you can also download it from My Orders.' },
          { link: myOrders, label: 'See your order' },
          { text: SUPPORT },
        ],
      );
    case 'quote-answered': {
      const { quote } = order;
      if (!quote) throw new Error(`Order ${orderNumber} has no quote`);
      const who = `${customer} (${order.address.email}${order.address.company ? `, ${order.address.company}` : ''})`;
      const declined = quote.declined;
      const subject = email.accepted
        ? `Quote ${orderNumber} accepted — ${formatUsd(quote.totalCents)}${poNumberSuffix(poNumber)}`
        : `Quote ${orderNumber} declined`;
      return compose(links.salesEmail ?? '', subject, 'Hello sales team,', [
        {
          text: email.accepted
            ? `${who} accepted quote ${orderNumber}${poNumber ? ` with PO ${poNumber}` : ''}: it is an order at the quoted prices; its invoice is on its way to the customer.`
            : `${who} declined quote ${orderNumber}. Reason: ${declined?.reason || 'none given'}.`,
        },
        { order: pricedView(order) },
        { link: `${links.publicUrl}/admin/orders/${order.orderId}`, label: 'Open it in the order desk' },
      ]);
    }
    case 'sales-notification': {
      const isQuote = order.payment?.kind === 'quote';
      const subject = isQuote
        ? `New quote request ${orderNumber} from ${order.address.company || customer}`
        : `New purchase order ${orderNumber}${poNumberSuffix(poNumber)} — ${formatUsd(order.totalCents)}`;
      return compose(links.salesEmail ?? '', subject, 'Hello sales team,', [
        {
          text: `${customer} (${order.address.email}${order.address.company ? `, ${order.address.company}` : ''}) ${isQuote ? 'requested a quote' : `submitted a purchase order${poNumberSuffix(poNumber)}`} for order ${orderNumber}.`,
        },
        { order },
        { link: `${links.publicUrl}/admin/orders/${order.orderId}`, label: 'Open it in the order desk' },
      ]);
    }
    default:
      return exhaustive(email);
  }
}

/** What the credit leaves, as the credit note PDF states it: a refund on a paid invoice, else the balance still due. */
function creditOutcome(order: OrderView, creditNoteNumber: string): string {
  const money = moneyAtCreditNote(order, creditNoteNumber);
  return money.paidCents > 0
    ? `Your invoice was paid, so we refund ${formatUsd(money.refundCents)} to you.`
    : `Balance due on the invoice after this credit: ${formatUsd(money.balanceCents)}.`;
}

export type Paragraph = { text: string } | { link: string; label: string } | { order: OrderView };

export function compose(to: string, subject: string, greeting: string, paragraphs: Paragraph[]): RenderedEmail {
  const text = [greeting, ...paragraphs.map(paragraphText), companySignature].join('\n\n');
  const body = paragraphs.map(paragraphHtml).join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1d2733;line-height:1.5;max-width:600px;margin:0 auto;padding:24px">
<p style="font-size:22px;font-weight:bold;color:#0b5cad;margin:0 0 16px">LabShop</p>
<p>${escapeHtml(greeting)}</p>
${body}
<p style="margin-top:32px;font-size:13px;color:#555">${escapeHtml(companySignature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

function paragraphText(paragraph: Paragraph): string {
  if ('link' in paragraph) return `${paragraph.label}: ${paragraph.link}`;
  if ('text' in paragraph) return paragraph.text;
  return orderSummary(paragraph.order)
    .map(([label, value]) => (label ? `${label}  ${value}` : value))
    .join('\n');
}

function paragraphHtml(paragraph: Paragraph): string {
  if ('link' in paragraph) {
    return `<p style="margin:24px 0"><a href="${escapeHtml(paragraph.link)}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(paragraph.label)}</a></p>`;
  }
  if ('text' in paragraph) return `<p>${escapeHtml(paragraph.text)}</p>`;
  const rows = orderSummary(paragraph.order)
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 8px 4px 0;border-bottom:1px solid #e3e8ee">${escapeHtml(label)}</td><td style="padding:4px 0;border-bottom:1px solid #e3e8ee;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:16px 0">\n${rows}\n</table>`;
}

/** Order number, each line (Cat No., name, quantity × unit price = line total), then the amounts (shipping once one was recorded). */
function orderSummary(order: OrderView): [string, string][] {
  const shipping: [string, string][] = order.shipping
    ? [[shippingLine(order.shipping), formatUsd(shippingCentsOf(order))]]
    : [];
  return [
    ['Order number', order.orderNumber],
    ...order.lines.map((line): [string, string] => [
      `${line.catalogNumber} ${line.productName}${line.packSize ? ` (${line.packSize})` : ''} × ${line.quantity} at ${formatUsd(line.unitPriceCents)}${stockWords(line)}`,
      formatUsd(line.lineTotalCents),
    ]),
    ['Subtotal', formatUsd(order.subtotalCents)],
    ...shipping,
    [salesTaxLine(order), formatUsd(order.taxCents)],
    ['Total', formatUsd(order.totalCents)],
  ];
}

/** ' (3 reserved, 2 on backorder)' once stock was reserved for the line, else ''. */
const stockWords = (line: OrderView['lines'][number]) => {
  const text = reservedText(line);
  return text === null ? '' : ` (${text})`;
};

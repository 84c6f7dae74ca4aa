import { z } from 'zod';
import { orderStatuses } from '../orders/queries.ts';

/**
 * The finance ledger as of a moment (issue 10): what `npm run finance -- ledger` prints and
 * GET /api/admin/finance/ledger answers, replayed from the event store. Money in integer cents.
 * The frontend derives its types from these with z.infer.
 */

/**
 * Where an order stands in the books: 'booked' (a purchase order from PO received on, or a quote from its
 * acceptance on: counted in the totals and the tax by state), 'quote' (requested, or quoted and not expired
 * at that moment), 'quote expired' (quoted, not accepted by its expiry), 'awaiting payment' (placed, neither
 * paid by purchase order nor a quote yet) or 'cancelled'. Only booked orders count.
 */
export const ledgerStandings = [
  'booked',
  'quote',
  'quote expired',
  'quote declined',
  'awaiting payment',
  'cancelled',
] as const;
export type LedgerStanding = (typeof ledgerStandings)[number];

export const invoiceStandings = ['Open', 'Overdue', 'Paid', 'Credited', 'Cancelled'] as const;
export type InvoiceStanding = (typeof invoiceStandings)[number];

export const ledgerOrderRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  placedAt: z.string(),
  status: z.enum(orderStatuses).describe('The order status at that moment'),
  standing: z.enum(ledgerStandings),
  taxState: z.string(),
  taxExemptNumber: z.string().nullable(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int().describe('The shipping charged (0 for orders placed before shipping was charged)'),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

export const taxByStateRow = z.object({
  state: z.string(),
  orders: z.number().int(),
  subtotalCents: z.number().int(),
  exemptSubtotalCents: z.number().int().describe('Part of the subtotal sold under a tax exemption number'),
  shippingCents: z.number().int().describe('Shipping charged, taxed with the goods (exempt orders: untaxed)'),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

export const ledgerTotals = z.object({
  orders: z.number().int(),
  subtotalCents: z.number().int(),
  shippingCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

export const ledgerInvoiceRow = z.object({
  invoiceNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  issuedAt: z.string(),
  dueAt: z.string().describe('Net 30: 30 days after issue'),
  totalCents: z.number().int(),
  creditedCents: z.number().int().describe('Credit notes issued against it by that moment'),
  paidCents: z.number().int().describe('Paid by that moment: what was due when it was marked paid'),
  balanceCents: z.number().int().describe('Still owed: total less credited less paid, never below 0'),
  refundDueCents: z.number().int().describe('Owed back to the customer: credits issued after payment'),
  standing: z
    .enum(invoiceStandings)
    .describe(
      "At that moment: 'Paid' once marked paid, 'Credited' when credit notes cover it, 'Cancelled' when its order was cancelled unpaid, 'Overdue' once past due, else 'Open'",
    ),
  paidAt: z.string().nullable(),
  daysOverdue: z.number().int(),
});

const amountCount = z.object({ count: z.number().int(), totalCents: z.number().int() });

export const invoiceTotals = z.object({
  issued: amountCount.describe('Invoice totals'),
  credited: amountCount.describe('Credit notes issued'),
  paid: amountCount.describe('Amounts paid on the invoices marked paid (a later credit note does not shrink them)'),
  refundsDue: amountCount.describe(
    'Credits on paid invoices, owed back: issued = paid + credited + open + overdue + cancelled unpaid − refunds due',
  ),
  open: amountCount.describe('Balances unpaid, not yet due'),
  overdue: amountCount.describe('Balances unpaid past their due date'),
});

export const openQuoteRow = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  requestedAt: z.string(),
  status: z.enum(orderStatuses),
  company: z.string(),
  name: z.string(),
  poNumber: z.string(),
  quotedAt: z.string().nullable().describe('When the latest quote was sent; null while only requested'),
  expiresAt: z.string().nullable(),
  subtotalCents: z.number().int().describe("The quote's once sent, else the cart's as requested"),
  shippingCents: z.number().int().describe("The order's shipping, which the quote keeps"),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
});

export const financeLedger = z.object({
  asOf: z.string().describe('The moment, ISO 8601 UTC'),
  eventsReplayed: z.number().int().describe('Order, payment, invoice and quote events recorded up to the moment'),
  orders: z.array(ledgerOrderRow),
  totals: ledgerTotals.describe('Booked orders only'),
  taxByState: z.array(taxByStateRow).describe('Booked orders by the state taxed, A to Z'),
  invoices: z.array(ledgerInvoiceRow),
  invoiceTotals,
  openQuotes: z.array(openQuoteRow),
  rowCounts: z
    .object({ orders: z.number().int(), invoices: z.number().int(), openQuotes: z.number().int() })
    .describe('How many rows each list has in full; with `rows`, the lists hold only the latest ones'),
});

export const ledgerFormats = ['table', 'csv', 'json'] as const;
export type LedgerFormat = (typeof ledgerFormats)[number];

export type LedgerOrderRow = z.infer<typeof ledgerOrderRow>;
export type TaxByStateRow = z.infer<typeof taxByStateRow>;
export type LedgerInvoiceRow = z.infer<typeof ledgerInvoiceRow>;
export type OpenQuoteRow = z.infer<typeof openQuoteRow>;
export type FinanceLedger = z.infer<typeof financeLedger>;

const AS_OF_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const AS_OF_EXAMPLE = '2026-11-23T15:00:00Z';

/**
 * Reads a moment as the CLI's `--as-of` and the route's `asOf` take it: an ISO 8601 date and time with its
 * zone (`Z` or an offset), seconds and milliseconds optional, up to `now`. Answers the moment, or why the
 * text is not one (in words for the person who typed it).
 */
export function parseAsOf(text: string, now: Date): { asOf: Date } | { problem: string } {
  const match = AS_OF_PATTERN.exec(text.trim());
  if (!match)
    return { problem: `"${text}" is not a date and time with its zone: write it as ISO 8601, e.g. ${AS_OF_EXAMPLE}` };
  const [year, month, day, hour, minute, second = 0, offsetHours = 0, offsetMinutes = 0] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (group) => Number(match[group] ?? 0),
  ) as number[];
  const daysInMonth = month! >= 1 && month! <= 12 ? new Date(Date.UTC(year!, month!, 0)).getUTCDate() : 0;
  if (
    day! < 1 ||
    day! > daysInMonth ||
    hour! > 23 ||
    minute! > 59 ||
    second > 59 ||
    offsetHours > 14 ||
    offsetMinutes > 59
  ) {
    return { problem: `"${text}" is not a real date and time (e.g. ${AS_OF_EXAMPLE})` };
  }
  const asOf = new Date(text.trim());
  if (asOf.getTime() > now.getTime())
    return {
      problem: `${asOf.toISOString()} is in the future: the ledger can be replayed up to now (${now.toISOString()})`,
    };
  return { asOf };
}

/** GET /api/admin/finance/ledger: without `asOf`, the ledger as of now (the live ledger). */
export const ledgerQuery = z.strictObject({
  asOf: z.string().max(40, 'As of is too long').optional(),
  format: z.enum(['json', 'csv'], { error: "Format is 'json' or 'csv'" }).default('json'),
  rows: z.coerce
    .number({ error: 'Rows must be a number' })
    .int('Rows must be a whole number')
    .min(1, 'Rows is at least 1')
    .max(100_000, 'Rows is at most 100000')
    .optional()
    .describe(
      'JSON only: at most this many of the latest orders, invoices and open quotes (the totals always count every one); the CSV always has all',
    ),
});

import { orderEventTypes, type OrderEvent } from '../orders/events.ts';
import { invoiceDueAt } from '../orders/invoices-events.ts';
import { exhaustive } from '../exhaustive.ts';
import { foldOrder, type FoldedOrder } from '../orders/fold-order.ts';
import { orderMoney } from '../orders/order-money.ts';
import { shippingCentsOf } from '../orders/shipping.ts';
import type { OrderView } from '../orders/queries.ts';
import type {
  FinanceLedger,
  InvoiceStanding,
  LedgerInvoiceRow,
  LedgerOrderRow,
  LedgerStanding,
  OpenQuoteRow,
  TaxByStateRow,
} from './queries.ts';

/**
 * The finance ledger's fold (issue 10): order, payment, invoice and quote events in, the books as of a
 * moment out. Each order is folded by the order streams' own fold (`foldOrder`), so the ledger's
 * statuses are exactly the order desk's; the ledger adds the money views over them. No I/O and no
 * clock: the moment is an argument, so a replay and a live read of the same events agree.
 */

/**
 * The types a replay asks the event store for (the store filters them; PostgreSQL on the server): every type an
 * order stream holds, since the ledger folds each order whole (`orderEventTypes` is checked complete against `OrderEvent`).
 */
export const ledgerEventTypes = orderEventTypes;

/** What the fold keeps: each order as its stream folds so far, by order id, in placing order. */
export interface LedgerState {
  orders: Map<string, FoldedOrder>;
  events: number;
}

export const emptyLedgerState = (): LedgerState => ({ orders: new Map(), events: 0 });

/**
 * Folds one event into the state, in place (a replay folds millions; the state is the replay's own).
 * Events of an order never placed change nothing but the count.
 */
export function foldLedger(state: LedgerState, event: OrderEvent): LedgerState {
  const { orderId } = event.data;
  const order = foldOrder(state.orders.get(orderId) ?? null, event);
  if (order) state.orders.set(orderId, order);
  state.events += 1;
  return state;
}

/**
 * Where an order stands in the books at `asOfMs`: every status is placed, so a new one must be decided
 * here. A quote sent and not accepted by its expiry has expired (acceptance is refused after it).
 */
export function standingOf({ status, quote }: Pick<OrderView, 'status' | 'quote'>, asOfMs: number): LedgerStanding {
  switch (status) {
    case 'Awaiting payment':
      return 'awaiting payment';
    case 'Quote requested':
      return 'quote';
    case 'Quoted':
      return quote !== null && asOfMs > Date.parse(quote.expiresAt) ? 'quote expired' : 'quote';
    case 'PO received':
    case 'Quote accepted':
    case 'Confirmed':
    case 'On hold':
    case 'Processing':
    case 'Shipped':
    case 'Delivered':
    case 'Closed':
      return 'booked';
    case 'Quote declined':
      return 'quote declined';
    case 'Cancelled':
      return 'cancelled';
    default:
      return exhaustive(status);
  }
}

const DAY_MS = 86_400_000;

const add = (bucket: { count: number; totalCents: number }, cents: number) => {
  bucket.count += 1;
  bucket.totalCents += cents;
};

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** An issued invoice at the moment: paid, covered by credit notes, cancelled with its unpaid order, overdue once past due, else open. */
function invoiceStanding(view: OrderView, balanceCents: number, dueAt: string, asOfMs: number): InvoiceStanding {
  if (view.paidAt !== null) return 'Paid';
  if (balanceCents <= 0) return 'Credited';
  if (view.status === 'Cancelled') return 'Cancelled';
  return asOfMs > Date.parse(dueAt) ? 'Overdue' : 'Open';
}

/** The ledger of the folded state as of `asOf`: the moment decides what is overdue. */
export function ledgerAt(state: LedgerState, asOf: Date): FinanceLedger {
  const asOfMs = asOf.getTime();
  const orders: LedgerOrderRow[] = [];
  const invoices: LedgerInvoiceRow[] = [];
  const openQuotes: OpenQuoteRow[] = [];
  const totals = { orders: 0, subtotalCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 };
  const byState = new Map<string, TaxByStateRow>();
  const invoiceTotals = {
    issued: { count: 0, totalCents: 0 },
    credited: { count: 0, totalCents: 0 },
    paid: { count: 0, totalCents: 0 },
    refundsDue: { count: 0, totalCents: 0 },
    open: { count: 0, totalCents: 0 },
    overdue: { count: 0, totalCents: 0 },
  };

  for (const order of state.orders.values()) {
    const { view } = order;
    const standing = standingOf(view, asOfMs);
    const { orderId, orderNumber, placedAt, status, taxState, taxExemptNumber, subtotalCents, taxCents, totalCents } =
      view;
    // Orders placed before shipping was charged recorded none: 0.
    const shippingCents = shippingCentsOf(view);
    orders.push({
      orderId,
      orderNumber,
      placedAt,
      status,
      standing,
      taxState,
      taxExemptNumber,
      subtotalCents,
      shippingCents,
      taxCents,
      totalCents,
    });
    if (standing === 'booked') {
      totals.orders += 1;
      totals.subtotalCents += subtotalCents;
      totals.shippingCents += shippingCents;
      totals.taxCents += taxCents;
      totals.totalCents += totalCents;
      const row = byState.get(taxState) ?? {
        state: taxState,
        orders: 0,
        subtotalCents: 0,
        exemptSubtotalCents: 0,
        shippingCents: 0,
        taxCents: 0,
        totalCents: 0,
      };
      row.orders += 1;
      row.subtotalCents += subtotalCents;
      row.shippingCents += shippingCents;
      if (taxExemptNumber) row.exemptSubtotalCents += subtotalCents;
      row.taxCents += taxCents;
      row.totalCents += totalCents;
      byState.set(taxState, row);
    }
    if (standing === 'quote' && view.payment?.kind === 'quote') {
      const { company, name, poNumber } = view.payment;
      const quoted = view.quote ?? { sentAt: null, expiresAt: null, subtotalCents, taxCents, totalCents };
      // A quote keeps the order's shipping (its total includes it).
      openQuotes.push({
        orderId,
        orderNumber,
        requestedAt: placedAt,
        status,
        company,
        name,
        poNumber,
        quotedAt: quoted.sentAt,
        expiresAt: quoted.expiresAt,
        subtotalCents: quoted.subtotalCents,
        shippingCents,
        taxCents: quoted.taxCents,
        totalCents: quoted.totalCents,
      });
    }
    // An order has one invoice: its money story (orderMoney) is the invoice's.
    for (const { invoiceNumber, issuedAt } of view.invoices) {
      const { creditedCents, paidCents, balanceCents, refundDueCents } = orderMoney(
        view,
        (note) => note.invoiceNumber === invoiceNumber && note.issuedAt !== null,
      );
      const notes = view.creditNotes.filter(
        (note) => note.invoiceNumber === invoiceNumber && note.issuedAt !== null,
      ).length;
      const dueAt = invoiceDueAt(issuedAt);
      const invoiceState = invoiceStanding(view, balanceCents, dueAt, asOfMs);
      const daysOverdue = invoiceState === 'Overdue' ? Math.floor((asOfMs - Date.parse(dueAt)) / DAY_MS) : 0;
      invoices.push({
        invoiceNumber,
        orderId,
        orderNumber,
        issuedAt,
        dueAt,
        totalCents,
        creditedCents,
        paidCents,
        balanceCents,
        refundDueCents,
        standing: invoiceState,
        paidAt: view.paidAt,
        daysOverdue,
      });
      add(invoiceTotals.issued, totalCents);
      if (notes > 0) {
        invoiceTotals.credited.count += notes;
        invoiceTotals.credited.totalCents += creditedCents;
      }
      if (invoiceState === 'Paid') add(invoiceTotals.paid, paidCents);
      if (refundDueCents > 0) add(invoiceTotals.refundsDue, refundDueCents);
      if (invoiceState === 'Overdue') add(invoiceTotals.overdue, balanceCents);
      if (invoiceState === 'Open') add(invoiceTotals.open, balanceCents);
    }
  }

  orders.sort((a, b) => compareText(a.placedAt, b.placedAt) || compareText(a.orderNumber, b.orderNumber));
  invoices.sort((a, b) => compareText(a.issuedAt, b.issuedAt) || compareText(a.invoiceNumber, b.invoiceNumber));
  openQuotes.sort((a, b) => compareText(a.requestedAt, b.requestedAt) || compareText(a.orderNumber, b.orderNumber));
  const taxByState = [...byState.values()].sort((a, b) => compareText(a.state, b.state));
  const rowCounts = { orders: orders.length, invoices: invoices.length, openQuotes: openQuotes.length };
  return {
    asOf: asOf.toISOString(),
    eventsReplayed: state.events,
    orders,
    totals,
    taxByState,
    invoices,
    invoiceTotals,
    openQuotes,
    rowCounts,
  };
}

/** The ledger with at most `rows` of the latest orders, invoices and open quotes (a screen's worth); totals untouched. */
export function latestRows(ledger: FinanceLedger, rows: number): FinanceLedger {
  return {
    ...ledger,
    orders: ledger.orders.slice(-rows),
    invoices: ledger.invoices.slice(-rows),
    openQuotes: ledger.openQuotes.slice(-rows),
  };
}

import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../orders/events.ts';
import { parseAsOf } from './queries.ts';
import { testOrderPlacedData } from '../testing/orders.ts';
import { emptyLedgerState, foldLedger, latestRows, ledgerAt } from './ledger.ts';
import { ledgerCsv, ledgerTable } from './ledger-format.ts';
import { plainDollars } from '../money.ts';

const customerId = '00000000-0000-4000-8000-00000000c001';
const orderId = (n: number) => `00000000-0000-4000-8000-000000000${String(n).padStart(3, '0')}`;

const placed = (n: number, placedAt: string, changes: Parameters<typeof testOrderPlacedData>[3] = {}): OrderEvent => ({
  type: 'OrderPlaced',
  data: testOrderPlacedData(orderId(n), customerId, placedAt, changes),
});
const purchaseOrder = (n: number): OrderEvent => ({
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId: orderId(n),
    customerId,
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: `PO-${n}`,
    cardType: 'visa',
    cardLast4: '1111',
    submittedAt: '2026-01-01T00:00:00Z',
  },
});
const quote = (n: number): OrderEvent => ({
  type: 'QuoteRequested',
  data: {
    orderId: orderId(n),
    customerId,
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: `Q-${n}`,
    requestedAt: '2026-01-01T00:00:00Z',
  },
});
const invoiced = (n: number, issuedAt: string): OrderEvent => ({
  type: 'InvoiceIssued',
  data: { orderId: orderId(n), invoiceNumber: `INV-${n}`, fileName: 'x.pdf', sha256: 'x', size: 1, issuedAt },
});
const paid = (n: number, paidAt: string): OrderEvent => ({
  type: 'InvoiceMarkedPaid',
  data: { orderId: orderId(n), reference: '', paidAt },
});
const cancelled = (n: number): OrderEvent => ({
  type: 'OrderCancelled',
  data: { orderId: orderId(n), reason: 'No longer needed', cancelledAt: '2026-01-03T00:00:00Z' },
});

const ground = { method: 'ground' as const, baseCents: 1_495, dryIceSurchargeCents: 0, costCents: 1_495 };
const twoDay = { method: '2-day' as const, baseCents: 2_995, dryIceSurchargeCents: 0, costCents: 2_995 };

const ledgerOf = (events: OrderEvent[], asOf: string) =>
  ledgerAt(events.reduce(foldLedger, emptyLedgerState()), new Date(asOf));

describe('finance ledger fold', () => {
  it('counts booked orders only: a cancelled order, an open quote and an unpaid checkout stay out of the totals', () => {
    const ledger = ledgerOf(
      [
        placed(1, '2026-01-01T10:00:00Z'),
        purchaseOrder(1),
        placed(2, '2026-01-01T11:00:00Z'),
        purchaseOrder(2),
        cancelled(2),
        placed(3, '2026-01-01T12:00:00Z'),
        quote(3),
        placed(4, '2026-01-01T13:00:00Z'),
      ],
      '2026-01-05T00:00:00Z',
    );
    expect(ledger.orders.map((order) => [order.orderNumber.slice(-3), order.status, order.standing])).toEqual([
      ['001', 'PO received', 'booked'],
      ['002', 'Cancelled', 'cancelled'],
      ['003', 'Quote requested', 'quote'],
      ['004', 'Awaiting payment', 'awaiting payment'],
    ]);
    expect(ledger.totals).toEqual({
      orders: 1,
      subtotalCents: 9_000,
      shippingCents: 0,
      taxCents: 911,
      totalCents: 9_911,
    });
    expect(ledger.openQuotes).toEqual([
      expect.objectContaining({ orderId: orderId(3), company: 'Lee Labs', poNumber: 'Q-3', totalCents: 9_911 }),
    ]);
    expect(ledger.eventsReplayed).toBe(8);
    expect(ledger.rowCounts).toEqual({ orders: 4, invoices: 0, openQuotes: 1 });
    const latest = latestRows(ledger, 2);
    expect(latest.orders.map((order) => order.orderId)).toEqual([orderId(3), orderId(4)]);
    expect([latest.totals, latest.rowCounts]).toEqual([ledger.totals, ledger.rowCounts]);
  });

  it('sums sales tax by the state taxed, with exempt sales apart and the shipping counted (orders before shipping was charged: 0)', () => {
    const ledger = ledgerOf(
      [
        placed(1, '2026-01-01T10:00:00Z'),
        purchaseOrder(1),
        // 8.52% of $100.00 + Ground $14.95 = $9.79.
        placed(2, '2026-01-01T11:00:00Z', {
          taxState: 'NY',
          taxRateBasisPoints: 852,
          shipping: ground,
          subtotalCents: 10_000,
          taxCents: 979,
          totalCents: 12_474,
        }),
        purchaseOrder(2),
        placed(3, '2026-01-01T12:00:00Z', {
          taxState: 'NY',
          taxRateBasisPoints: 852,
          taxExemptNumber: 'EX-1',
          shipping: twoDay,
          subtotalCents: 5_000,
          taxCents: 0,
          totalCents: 7_995,
        }),
        purchaseOrder(3),
        placed(4, '2026-01-01T13:00:00Z', { taxState: 'CA', subtotalCents: 1_000, taxCents: 73, totalCents: 1_073 }),
        purchaseOrder(4),
        cancelled(4),
      ],
      '2026-01-05T00:00:00Z',
    );
    expect(ledger.taxByState).toEqual([
      {
        state: 'LA',
        orders: 1,
        subtotalCents: 9_000,
        exemptSubtotalCents: 0,
        shippingCents: 0,
        taxCents: 911,
        totalCents: 9_911,
      },
      {
        state: 'NY',
        orders: 2,
        subtotalCents: 15_000,
        exemptSubtotalCents: 5_000,
        shippingCents: 4_490,
        taxCents: 979,
        totalCents: 20_469,
      },
    ]);
    expect(ledger.totals).toEqual({
      orders: 3,
      subtotalCents: 24_000,
      shippingCents: 4_490,
      taxCents: 1_890,
      totalCents: 30_380,
    });
    expect(ledger.orders.map((order) => order.shippingCents)).toEqual([0, 1_495, 2_995, 0]);
  });

  it('makes an unpaid invoice overdue once 30 days past its issue have gone by, as of the moment asked about', () => {
    const events = [placed(1, '2026-01-01T10:00:00Z'), purchaseOrder(1), invoiced(1, '2026-01-01T10:05:00Z')];
    const invoiceAt = (asOf: string, more: OrderEvent[] = []) => ledgerOf([...events, ...more], asOf);

    const onDueMoment = invoiceAt('2026-01-31T10:05:00Z');
    expect(onDueMoment.invoices).toEqual([
      {
        invoiceNumber: 'INV-1',
        orderId: orderId(1),
        orderNumber: expect.any(String),
        issuedAt: '2026-01-01T10:05:00Z',
        dueAt: '2026-01-31T10:05:00.000Z',
        totalCents: 9_911,
        creditedCents: 0,
        paidCents: 0,
        balanceCents: 9_911,
        refundDueCents: 0,
        standing: 'Open',
        paidAt: null,
        daysOverdue: 0,
      },
    ]);
    expect(onDueMoment.invoiceTotals.open).toEqual({ count: 1, totalCents: 9_911 });

    const later = invoiceAt('2026-02-03T10:05:01Z');
    expect(later.invoices[0]).toMatchObject({ standing: 'Overdue', daysOverdue: 3 });
    expect(later.invoiceTotals).toEqual({
      issued: { count: 1, totalCents: 9_911 },
      credited: { count: 0, totalCents: 0 },
      paid: { count: 0, totalCents: 0 },
      refundsDue: { count: 0, totalCents: 0 },
      open: { count: 0, totalCents: 0 },
      overdue: { count: 1, totalCents: 9_911 },
    });

    const paidLate = invoiceAt('2026-02-03T10:05:01Z', [paid(1, '2026-02-02T09:00:00Z')]);
    expect(paidLate.invoices[0]).toMatchObject({ standing: 'Paid', paidAt: '2026-02-02T09:00:00Z', daysOverdue: 0 });
    expect(paidLate.invoiceTotals.paid).toEqual({ count: 1, totalCents: 9_911 });
    expect(paidLate.invoiceTotals.overdue).toEqual({ count: 0, totalCents: 0 });
  });

  it("never counts a cancelled order's unpaid invoice as open or overdue", () => {
    const ledger = ledgerOf(
      [placed(1, '2026-01-01T10:00:00Z'), purchaseOrder(1), invoiced(1, '2026-01-01T10:05:00Z'), cancelled(1)],
      '2026-03-01T00:00:00Z',
    );
    expect(ledger.invoices[0]).toMatchObject({ standing: 'Cancelled', daysOverdue: 0 });
    expect(ledger.invoiceTotals).toMatchObject({
      issued: { count: 1, totalCents: 9_911 },
      open: { count: 0, totalCents: 0 },
      overdue: { count: 0, totalCents: 0 },
    });
  });

  it('follows a quote: open at the cart price, then at the quoted one, expired unaccepted after its expiry, booked at the quoted prices once accepted', () => {
    const quoteSent: OrderEvent = {
      type: 'QuoteSent',
      data: {
        orderId: orderId(1),
        lines: [],
        subtotalCents: 8_000,
        taxCents: 810,
        totalCents: 8_810,
        expiresAt: '2026-01-10T05:00:00.000Z',
        sentAt: '2026-01-02T15:00:00Z',
      },
    };
    const requested = ledgerOf([placed(1, '2026-01-01T10:00:00Z'), quote(1)], '2026-01-02T00:00:00Z');
    expect(requested.openQuotes).toEqual([
      expect.objectContaining({ status: 'Quote requested', quotedAt: null, expiresAt: null, totalCents: 9_911 }),
    ]);
    expect(requested.totals.orders).toBe(0);

    const quoted = ledgerOf([placed(1, '2026-01-01T10:00:00Z'), quote(1), quoteSent], '2026-01-10T05:00:00.000Z');
    expect(quoted.openQuotes).toEqual([
      expect.objectContaining({
        status: 'Quoted',
        quotedAt: '2026-01-02T15:00:00Z',
        expiresAt: '2026-01-10T05:00:00.000Z',
        subtotalCents: 8_000,
        totalCents: 8_810,
      }),
    ]);

    const expired = ledgerOf([placed(1, '2026-01-01T10:00:00Z'), quote(1), quoteSent], '2026-01-10T05:00:00.001Z');
    expect(expired.openQuotes).toEqual([]);
    expect(expired.orders[0]).toMatchObject({ status: 'Quoted', standing: 'quote expired' });

    const accepted = ledgerOf(
      [
        placed(1, '2026-01-01T10:00:00Z'),
        quote(1),
        quoteSent,
        { type: 'QuoteAccepted', data: { orderId: orderId(1), customerId, acceptedAt: '2026-01-05T00:00:00Z' } },
      ],
      '2026-02-01T00:00:00Z',
    );
    expect(accepted.openQuotes).toEqual([]);
    expect(accepted.orders[0]).toMatchObject({ status: 'Quote accepted', standing: 'booked' });
    expect(accepted.totals).toEqual({
      orders: 1,
      subtotalCents: 8_000,
      shippingCents: 0,
      taxCents: 810,
      totalCents: 8_810,
    });
    expect(accepted.taxByState).toEqual([
      {
        state: 'LA',
        orders: 1,
        subtotalCents: 8_000,
        exemptSubtotalCents: 0,
        shippingCents: 0,
        taxCents: 810,
        totalCents: 8_810,
      },
    ]);
  });

  it('takes credit notes off their invoice once issued; an invoice they cover is credited, not open', () => {
    const requested = (amountCents: number, n: number): OrderEvent => ({
      type: 'CreditNoteRequested',
      data: {
        orderId: orderId(1),
        creditNoteNumber: `CN-${n}`,
        invoiceNumber: 'INV-1',
        amountCents,
        reason: 'Damaged',
        requestedAt: '2026-01-03T00:00:00Z',
      },
    });
    const issued = (amountCents: number, n: number): OrderEvent => ({
      type: 'CreditNoteIssued',
      data: {
        orderId: orderId(1),
        creditNoteNumber: `CN-${n}`,
        invoiceNumber: 'INV-1',
        amountCents,
        reason: 'Damaged',
        fileName: 'c.pdf',
        sha256: 'c',
        size: 1,
        issuedAt: '2026-01-03T00:01:00Z',
      },
    });
    const invoicedOrder = [placed(1, '2026-01-01T10:00:00Z'), purchaseOrder(1), invoiced(1, '2026-01-01T10:05:00Z')];

    const notYetIssued = ledgerOf([...invoicedOrder, requested(2_000, 1)], '2026-01-04T00:00:00Z');
    expect(notYetIssued.invoices[0]).toMatchObject({ creditedCents: 0, balanceCents: 9_911, standing: 'Open' });

    const partly = ledgerOf([...invoicedOrder, requested(2_000, 1), issued(2_000, 1)], '2026-01-04T00:00:00Z');
    expect(partly.invoices[0]).toMatchObject({ creditedCents: 2_000, balanceCents: 7_911, standing: 'Open' });
    expect(partly.invoiceTotals).toMatchObject({
      issued: { count: 1, totalCents: 9_911 },
      credited: { count: 1, totalCents: 2_000 },
      open: { count: 1, totalCents: 7_911 },
    });

    const covered = ledgerOf(
      [...invoicedOrder, requested(2_000, 1), issued(2_000, 1), requested(7_911, 2), issued(7_911, 2)],
      '2026-03-01T00:00:00Z',
    );
    expect(covered.invoices[0]).toMatchObject({
      creditedCents: 9_911,
      balanceCents: 0,
      standing: 'Credited',
      daysOverdue: 0,
    });
    expect(covered.invoiceTotals).toMatchObject({
      credited: { count: 2, totalCents: 9_911 },
      open: { count: 0, totalCents: 0 },
      overdue: { count: 0, totalCents: 0 },
    });

    // Paid in full, then credited: paid stays what was paid, and the credit is a refund due.
    const paidThenCredited = ledgerOf(
      [...invoicedOrder, paid(1, '2026-01-02T00:00:00Z'), requested(2_000, 1), issued(2_000, 1)],
      '2026-01-04T00:00:00Z',
    );
    expect(paidThenCredited.invoices[0]).toMatchObject({
      creditedCents: 2_000,
      paidCents: 9_911,
      balanceCents: 0,
      refundDueCents: 2_000,
      standing: 'Paid',
    });
    expect(paidThenCredited.invoiceTotals).toMatchObject({
      paid: { count: 1, totalCents: 9_911 },
      credited: { count: 1, totalCents: 2_000 },
      refundsDue: { count: 1, totalCents: 2_000 },
    });
  });

  it('ignores events of an order it never saw placed, but counts them as replayed', () => {
    const ledger = ledgerOf([purchaseOrder(9), paid(9, '2026-01-02T00:00:00Z')], '2026-01-05T00:00:00Z');
    expect(ledger.orders).toEqual([]);
    expect(ledger.eventsReplayed).toBe(2);
  });
});

describe('ledger formats', () => {
  // Folded in each test, not once at collection: mutation testing (Stryker) then knows which tests cover the fold.
  let ledger: ReturnType<typeof ledgerOf>;
  beforeEach(() => {
    ledger = ledgerOf(
      [placed(1, '2026-01-01T10:00:00Z'), purchaseOrder(1), invoiced(1, '2026-01-01T10:05:00Z')],
      '2026-02-15T00:00:00Z',
    );
  });

  it('writes money as exact plain dollars', () => {
    expect([plainDollars(0), plainDollars(5), plainDollars(123_450), plainDollars(-1_999)]).toEqual([
      '0.00',
      '0.05',
      '1234.50',
      '-19.99',
    ]);
  });

  it('writes CSV sections a spreadsheet reads: titles, headers, dollars, formula-like text defused', () => {
    const csv = ledgerCsv({
      ...ledger,
      openQuotes: [
        {
          ...ledger.orders[0]!,
          requestedAt: '2026-01-01T10:00:00Z',
          company: '=HYPERLINK("x")',
          name: 'Lee, Ann',
          poNumber: 'x;=1+1',
          quotedAt: null,
          expiresAt: null,
        },
      ],
    });
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Ledger as of 2026-02-15T00:00:00.000Z (3 events)');
    expect(lines).toContain('Booked orders: total,1,99.11');
    expect(lines).toContain('LA,1,90.00,0.00,0.00,9.11,99.11');
    expect(lines).toContain(
      'INV-1,LUM2311202600001,2026-01-01T10:05:00Z,2026-01-31T10:05:00.000Z,99.11,0.00,0.00,99.11,0.00,Overdue,,14',
    );
    // A semicolon is a separator where the comma is the decimal mark: quoted, so no cell of its own starts with '='.
    expect(csv).toContain(`"'=HYPERLINK(""x"")","Lee, Ann","x;=1+1"`);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('lines the table up with dollars to the right', () => {
    const table = ledgerTable(ledger);
    expect(table).toContain('Invoices overdue (Net 30)');
    expect(table).toMatch(/Booked orders: total +1 +\$99\.11/);
    expect(table).toMatch(/Open quotes\n.*\n-+.*\n\(none\)/);
  });
});

describe('as-of moments', () => {
  const now = new Date('2026-11-23T15:00:00Z');
  it('takes ISO 8601 date-times with their zone, up to now', () => {
    expect(parseAsOf('2026-11-23T10:00:00-05:00', now)).toEqual({ asOf: now });
    expect(parseAsOf('2026-01-31T23:59Z', now)).toEqual({ asOf: new Date('2026-01-31T23:59:00Z') });
    expect(parseAsOf('2026-11-23T14:59:59.999Z', now)).toEqual({ asOf: new Date('2026-11-23T14:59:59.999Z') });
  });
  it('says why a moment is not one: no zone, not a real day, in the future', () => {
    const problem = (text: string) =>
      'problem' in parseAsOf(text, now) ? (parseAsOf(text, now) as { problem: string }).problem : null;
    expect(problem('2026-11-23')).toMatch(/not a date and time with its zone.*2026-11-23T15:00:00Z/);
    expect(problem('2026-11-23T10:00:00')).toMatch(/not a date and time with its zone/);
    expect(problem('yesterday')).toMatch(/not a date and time with its zone/);
    expect(problem('2026-02-30T10:00:00Z')).toMatch(/not a real date and time/);
    expect(problem('2026-11-23T24:00:00Z')).toMatch(/not a real date and time/);
    expect(problem('2026-11-23T15:00:01Z')).toMatch(/is in the future/);
  });
});

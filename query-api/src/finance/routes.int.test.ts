import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEventsAt } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { testOrderLine, testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { subproductStream, type AnyCatalogueEvent } from '@labshop/contracts/catalogue/events';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import type { Position } from '@labshop/platform/event-store/port';
import type { FinanceLedger } from '@labshop/contracts/finance/queries';
import { erasedValue } from '@labshop/platform/event-store/personal-data/personal-fields';
import { buildQueryApp } from '../app.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const customer = { kind: 'customer' as const, id: crypto.randomUUID(), email: 'ann@example.com' };
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let admin: { authorization: string };
// The query API's clock: the live ledger is the ledger as of this moment.
let clock = new Date('2026-03-02T14:00:00.000Z');

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections: [], now: () => clock });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await queries?.close();
  await stores?.drop();
});

const ledgerRequest = (query: string, headers: Record<string, string> = admin) =>
  queries.inject({ method: 'GET', url: `/api/admin/finance/ledger${query}`, headers });

async function ledger(query = ''): Promise<FinanceLedger> {
  const response = await ledgerRequest(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * The event store shows readers an event once every older transaction in the cluster has ended (its
 * horizon); other tests' transactions may hold it back a moment, so the live ledger waits for it.
 */
async function readable(position: Position) {
  for (let tries = 0; (await stores.eventStore.headPosition()) < position; tries++) {
    if (tries > 200) throw new Error(`position ${position} never became readable`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const orderIds = { a: crypto.randomUUID(), b: crypto.randomUUID(), c: crypto.randomUUID() };
const purchaseOrder = (orderId: string, poNumber: string, customerId = customer.id): OrderEvent => ({
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId,
    customerId,
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber,
    cardType: 'visa',
    cardLast4: '1111',
    submittedAt: clock.toISOString(),
  },
});
const invoiceIssued = (orderId: string, invoiceNumber: string): OrderEvent => ({
  type: 'InvoiceIssued',
  data: { orderId, invoiceNumber, fileName: 'f.pdf', sha256: 'f', size: 1, issuedAt: clock.toISOString() },
});

/** Moves the clock on, records `events` in `stream` at it, and answers the live ledger once they are readable. */
async function step(minutes: number, stream: string, events: readonly (OrderEvent | AnyCatalogueEvent)[]) {
  clock = new Date(clock.getTime() + minutes * 60_000);
  await readable(await givenEventsAt(stores.eventStore, stream, clock, events));
  return { moment: clock.toISOString(), live: await ledger() };
}

describe('finance ledger route', () => {
  it('answers, as of each earlier moment, exactly the ledger it showed live at that moment', async () => {
    const { productId, subproductId, detailId } = {
      productId: 'p1',
      subproductId: testOrderLine.subproductId,
      detailId: testOrderLine.detailId,
    };
    const seen: { moment: string; live: FinanceLedger }[] = [];

    // Order A (Louisiana) by purchase order at $45.00 a pack.
    seen.push(
      await step(0, orderStream(orderIds.a), [
        {
          type: 'OrderPlaced',
          data: testOrderPlacedData(orderIds.a, customer.id, clock.toISOString(), { orderNumber: 'LUM0203202600001' }),
        },
        purchaseOrder(orderIds.a, 'PO-A'),
      ]),
    );
    // The price goes up to $60.00; order B (New York) is placed at it, order A keeps its price.
    seen.push(
      await step(30, subproductStream(subproductId), [
        { type: 'DetailUpdated', data: { productId, subproductId, detailId, changes: { priceCents: 6_000 } } },
      ]),
    );
    const pricier = {
      ...testOrderLine,
      unitPriceCents: 6_000,
      listPriceCents: 6_000,
      discountPercent: 0,
      lineTotalCents: 12_000,
    };
    const orderB = testOrderPlacedData(orderIds.b, customer.id, clock.toISOString(), {
      orderNumber: 'LUM0203202600002',
      lines: [pricier],
      taxState: 'NY',
      taxRateBasisPoints: 852,
      subtotalCents: 12_000,
      taxCents: 1_022,
      totalCents: 13_022,
    });
    seen.push(
      await step(5, orderStream(orderIds.b), [
        { type: 'OrderPlaced', data: orderB },
        purchaseOrder(orderIds.b, 'PO-B'),
      ]),
    );
    // Both invoiced; A confirmed; a quote requested for C.
    seen.push(
      await step(10, orderStream(orderIds.a), [
        invoiceIssued(orderIds.a, 'INV-LUM0203202600001'),
        { type: 'OrderConfirmed', data: { orderId: orderIds.a, confirmedAt: clock.toISOString() } },
      ]),
    );
    seen.push(await step(1, orderStream(orderIds.b), [invoiceIssued(orderIds.b, 'INV-LUM0203202600002')]));
    const quoteC = testOrderPlacedData(orderIds.c, customer.id, clock.toISOString(), {
      orderNumber: 'LUM0203202600003',
    });
    seen.push(
      await step(60, orderStream(orderIds.c), [
        { type: 'OrderPlaced', data: quoteC },
        {
          type: 'QuoteRequested',
          data: {
            orderId: orderIds.c,
            customerId: customer.id,
            company: 'Lee Labs',
            name: 'Ann Lee',
            poNumber: 'Q-C',
            requestedAt: clock.toISOString(),
          },
        },
      ]),
    );
    // B paid; ten days on A is shipped; 25 days later A's invoice is overdue; then it is paid and C is cancelled.
    seen.push(
      await step(60 * 24 * 3, orderStream(orderIds.b), [
        { type: 'InvoiceMarkedPaid', data: { orderId: orderIds.b, reference: 'ACH 1', paidAt: clock.toISOString() } },
      ]),
    );
    seen.push(
      await step(60 * 24 * 10, orderStream(orderIds.a), [
        { type: 'OrderProcessing', data: { orderId: orderIds.a, processingAt: clock.toISOString() } },
        {
          type: 'OrderShipped',
          data: { orderId: orderIds.a, carrier: 'UPS', trackingNumber: '1Z', shippedAt: clock.toISOString() },
        },
      ]),
    );
    clock = new Date(clock.getTime() + 25 * 86_400_000);
    seen.push({ moment: clock.toISOString(), live: await ledger() });
    seen.push(
      await step(60 * 24 * 2, orderStream(orderIds.a), [
        { type: 'InvoiceMarkedPaid', data: { orderId: orderIds.a, reference: 'wire', paidAt: clock.toISOString() } },
      ]),
    );
    seen.push(
      await step(1, orderStream(orderIds.c), [
        {
          type: 'OrderCancelled',
          data: { orderId: orderIds.c, reason: 'Went elsewhere', cancelledAt: clock.toISOString() },
        },
      ]),
    );

    // What the live ledger showed along the way (so the comparison below compares something).
    const [first, priceChange, placedB, invoicedA, , quoted, paidB, shippedA, overdueA, paidA, cancelledC] = seen.map(
      ({ live }) => live,
    );
    expect(first!.orders.map((order) => order.status)).toEqual(['PO received']);
    expect(priceChange!.totals).toEqual(first!.totals);
    expect(placedB!.totals).toEqual({
      orders: 2,
      subtotalCents: 21_000,
      shippingCents: 0,
      taxCents: 1_933,
      totalCents: 22_933,
    });
    expect(placedB!.taxByState.map((row) => [row.state, row.taxCents])).toEqual([
      ['LA', 911],
      ['NY', 1_022],
    ]);
    expect(invoicedA!.invoices.map((invoice) => [invoice.invoiceNumber, invoice.standing])).toEqual([
      ['INV-LUM0203202600001', 'Open'],
    ]);
    expect(quoted!.openQuotes.map((quote) => quote.poNumber)).toEqual(['Q-C']);
    expect(paidB!.invoiceTotals.paid).toEqual({ count: 1, totalCents: 13_022 });
    expect(shippedA!.orders[0]!.status).toBe('Shipped');
    expect(overdueA!.invoices[0]).toMatchObject({
      invoiceNumber: 'INV-LUM0203202600001',
      standing: 'Overdue',
      daysOverdue: 8,
    });
    expect(paidA!.invoiceTotals).toMatchObject({
      paid: { count: 2, totalCents: 22_933 },
      overdue: { count: 0, totalCents: 0 },
    });
    expect(cancelledC!.openQuotes).toEqual([]);
    expect(cancelledC!.orders.map((order) => order.status)).toEqual(['Shipped', 'PO received', 'Cancelled']);

    // Every later event is in the store now; the ledger as of each moment is still what was shown then.
    for (const { moment, live } of seen)
      expect(await ledger(`?asOf=${encodeURIComponent(moment)}`), moment).toEqual(live);
    // A moment between two steps shows the earlier one's books.
    const justBeforePayment = new Date(Date.parse(seen[6]!.moment) - 1).toISOString();
    expect(await ledger(`?asOf=${justBeforePayment}`)).toEqual({ ...seen[5]!.live, asOf: justBeforePayment });
  });

  it("still counts an erased customer's orders, their names read as erased", async () => {
    const erased = { kind: 'customer' as const, id: crypto.randomUUID(), email: 'gone@example.com' };
    const [booked, quoted] = [crypto.randomUUID(), crypto.randomUUID()];
    const before = await ledger();
    const placed = (orderId: string, orderNumber: string) => ({
      type: 'OrderPlaced' as const,
      data: testOrderPlacedData(orderId, erased.id, clock.toISOString(), { orderNumber }),
    });
    await givenEventsAt(
      stores.eventStore,
      orderStream(booked),
      clock,
      [placed(booked, 'LUM0203202600091'), purchaseOrder(booked, 'PO-E', erased.id)],
      erased,
    );
    const quoteRequest: OrderEvent = {
      type: 'QuoteRequested',
      data: {
        orderId: quoted,
        customerId: erased.id,
        company: 'Gone Labs',
        name: 'Gone Person',
        poNumber: 'Q-E',
        requestedAt: clock.toISOString(),
      },
    };
    await givenEventsAt(
      stores.eventStore,
      orderStream(quoted),
      clock,
      [placed(quoted, 'LUM0203202600092'), quoteRequest],
      erased,
    );
    await readable(
      await givenEventsAt(
        stores.eventStore,
        `customer-${erased.id}`,
        clock,
        [{ type: 'CustomerErased', data: { customerId: erased.id, erasedAt: clock.toISOString() } }],
        erased,
      ),
    );

    const after = await ledger();
    expect(after.totals).toEqual({
      orders: before.totals.orders + 1,
      subtotalCents: before.totals.subtotalCents + 9_000,
      shippingCents: before.totals.shippingCents,
      taxCents: before.totals.taxCents + 911,
      totalCents: before.totals.totalCents + 9_911,
    });
    const openQuote = after.openQuotes.find((row) => row.orderId === quoted);
    // The PO number the customer typed is theirs too: sealed with their key, it reads as erased.
    expect(openQuote).toMatchObject({
      poNumber: erasedValue('poNumber'),
      company: erasedValue('company'),
      name: erasedValue('name'),
      totalCents: 9_911,
    });
    expect(JSON.stringify(after)).not.toMatch(/Gone Labs|Gone Person|Q-E/);
  });

  it('answers only the latest rows when asked (the totals still count every order)', async () => {
    const [all, latest] = [await ledger(), await ledger('?rows=1')];
    expect(all.orders.length).toBeGreaterThan(1);
    expect(latest).toEqual({
      ...all,
      orders: all.orders.slice(-1),
      invoices: all.invoices.slice(-1),
      openQuotes: all.openQuotes.slice(-1),
    });
    expect(latest.rowCounts.orders).toBe(all.orders.length);
  });

  it('answers CSV for a download', async () => {
    const response = await ledgerRequest(`?asOf=2026-03-02T14:00:00Z&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ledger-2026-03-02T14-00-00.000Z.csv"');
    expect(response.body.split('\r\n')[0]).toMatch(/^Ledger as of 2026-03-02T14:00:00.000Z \(\d+ events\)$/);
  });

  it('refuses a customer (403), no session (401) and a moment that is not one or is still to come (400)', async () => {
    expect((await ledgerRequest('', await sessionOf(tokens, customer))).statusCode).toBe(403);
    expect((await ledgerRequest('', {})).statusCode).toBe(401);
    const notAMoment = await ledgerRequest('?asOf=2026-02-30');
    expect(notAMoment.statusCode).toBe(400);
    expect(notAMoment.json().fields.asOf).toMatch(/not a date and time with its zone/);
    const future = await ledgerRequest(`?asOf=${new Date(clock.getTime() + 60_000).toISOString()}`);
    expect(future.statusCode).toBe(400);
    expect(future.json().fields.asOf).toMatch(/is in the future/);
    expect((await ledgerRequest('?format=xml')).statusCode).toBe(400);
    expect((await ledgerRequest('?rows=0')).json().fields).toEqual({ rows: 'Rows is at least 1' });
  });
});

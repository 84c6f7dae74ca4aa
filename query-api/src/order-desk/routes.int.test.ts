import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { createLogger } from '@labshop/platform/logger';
import type { Actor } from '@labshop/platform/event-store/port';
import { orderStream, type OrderEvent, type OrderPlacedData } from '@labshop/contracts/orders/events';
import type { OrderDeskRow } from '@labshop/contracts/orders/desk-queries';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';
import { testOrderLine, testOrderPlacedData } from '@labshop/contracts/testing/orders';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

/** A customer of this test run alone: the list's email filter then shows only this test's orders. */
const customerOf = (tag: string, name: string): Actor => ({
  kind: 'customer',
  id: randomUUID(),
  email: `${name}.${tag}@example.com`,
});
let orderNumbers = 0;

/** An order placed (and paid by PO, or turned into a quote) by `customer`, as their commands would have recorded it. */
async function givenOrder(
  customer: Actor,
  placedAt: string,
  {
    state = 'TX',
    then = 'po' as 'po' | 'quote' | 'nothing',
    firstName = 'Ann',
    lastName = 'Lee',
    company = 'Lee Labs',
  } = {},
) {
  const orderId = randomUUID();
  const orderNumber = `LUM23112026${String(++orderNumbers).padStart(5, '0')}${customer.id.slice(0, 4).toUpperCase()}`;
  const placed: OrderPlacedData = {
    orderId,
    orderNumber,
    customerId: customer.id,
    lines: [],
    address: {
      firstName,
      lastName,
      email: customer.email,
      company,
      phone: '555',
      address1: '1 Bench St',
      address2: '',
      city: 'Austin',
      state,
      zipCode: '73301',
      useForInvoice: true,
    },
    taxExemptNumber: null,
    taxState: state,
    taxRateBasisPoints: 625,
    subtotalCents: 10_000,
    taxCents: 625,
    totalCents: 10_625,
    idempotencyKey: randomUUID(),
    placedAt,
  };
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed }];
  const by = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7' };
  if (then === 'po')
    events.push({
      type: 'PurchaseOrderSubmitted',
      data: { orderId, customerId: customer.id, ...by, cardType: 'visa', cardLast4: '1111', submittedAt: placedAt },
    });
  if (then === 'quote')
    events.push({ type: 'QuoteRequested', data: { orderId, customerId: customer.id, ...by, requestedAt: placedAt } });
  const position = await givenEvents(stores.eventStore, orderStream(orderId), events, customer);
  return { orderId, orderNumber, position };
}

const get = (url: string, headers: Record<string, string> = admin) => queries.inject({ method: 'GET', url, headers });
const idsOf = (body: { orders: OrderDeskRow[] }) => body.orders.map((row) => row.orderId);

describe('order desk queries', () => {
  it('lists every customer’s orders and quotes newest first, filtered and a page at a time', async () => {
    const tag = randomUUID().slice(0, 8);
    const ann = customerOf(tag, 'ann');
    const bob = customerOf(tag, 'bob');
    // New York days: 23 Nov runs from 05:00 UTC on the 23rd to 05:00 UTC on the 24th.
    const early = await givenOrder(ann, '2026-11-23T04:59:00.000Z'); // still 22 Nov in New York
    const texas = await givenOrder(ann, '2026-11-23T15:00:00.000Z');
    const quote = await givenOrder(bob, '2026-11-24T04:30:00.000Z', { state: 'LA', then: 'quote' });
    const unpaid = await givenOrder(bob, '2026-11-25T12:00:00.000Z', { state: 'LA', then: 'nothing' });
    const confirmed = await givenEvents(stores.eventStore, orderStream(texas.orderId), [
      { type: 'OrderConfirmed', data: { orderId: texas.orderId, confirmedAt: '2026-11-23T16:00:00.000Z' } },
    ]);
    await get(`/api/admin/orders?email=${tag}`, {
      ...admin,
      [POSITION_HEADER]: unpaid.position > confirmed ? unpaid.position : confirmed,
    });

    // Unpaid checkouts are hidden unless shown.
    expect(idsOf((await get(`/api/admin/orders?email=${tag}`)).json())).toEqual([
      quote.orderId,
      texas.orderId,
      early.orderId,
    ]);
    const all = (await get(`/api/admin/orders?email=${tag}&unpaid=show`)).json();
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20 });
    expect(idsOf(all)).toEqual([unpaid.orderId, quote.orderId, texas.orderId, early.orderId]);
    expect(all.orders[2]).toEqual({
      orderId: texas.orderId,
      orderNumber: texas.orderNumber,
      placedAt: '2026-11-23T15:00:00.000Z',
      status: 'Confirmed',
      kind: 'order',
      customerEmail: ann.email,
      customerName: 'Ann Lee',
      company: 'Lee Labs',
      state: 'TX',
      poNumber: 'PO-7',
      totalCents: 10_625,
      paidAt: null,
      version: 3,
      backorderedUnits: 0,
    });

    const filtered = async (filters: string) =>
      idsOf((await get(`/api/admin/orders?email=${tag}&unpaid=show&${filters}`)).json());
    expect(await filtered('status=Confirmed')).toEqual([texas.orderId]);
    expect(await filtered('status=Awaiting%20payment')).toEqual([unpaid.orderId]);
    expect(await filtered('from=2026-11-23&to=2026-11-23')).toEqual([quote.orderId, texas.orderId]);
    expect(await filtered('to=2026-11-22')).toEqual([early.orderId]);
    expect(await filtered('from=2026-11-24')).toEqual([unpaid.orderId]);
    expect(await filtered('state=la')).toEqual([unpaid.orderId, quote.orderId]);
    expect(await filtered('kind=quotes')).toEqual([quote.orderId]);
    expect(await filtered('kind=orders&state=LA')).toEqual([unpaid.orderId]);
    expect(await filtered(`orderNumber=${texas.orderNumber.toLowerCase()}`)).toEqual([texas.orderId]);
    expect(idsOf((await get(`/api/admin/orders?email=BOB.${tag.toUpperCase()}&unpaid=show`)).json())).toEqual([
      unpaid.orderId,
      quote.orderId,
    ]);

    const secondPage = (await get(`/api/admin/orders?email=${tag}&unpaid=show&page=2&pageSize=3`)).json();
    expect(secondPage).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(idsOf(secondPage)).toEqual([early.orderId]);
  });

  it('lists the orders waiting on backordered units apart, until they ship or are cancelled', async () => {
    const tag = randomUUID().slice(0, 8);
    const customer = customerOf(tag, 'dee');
    const orderId = randomUUID();
    const line = { ...testOrderLine, quantity: 5, lineTotalCents: 22_500 };
    const placed = testOrderPlacedData(orderId, customer.id, '2026-11-23T15:00:00.000Z', { lines: [line] });
    const allocations = [{ detailId: line.detailId, packSize: line.packSize, reserved: 3, backordered: 2 }];
    const submitted = {
      orderId,
      customerId: customer.id,
      company: '',
      name: 'Dee',
      poNumber: '',
      cardType: 'visa' as const,
      cardLast4: '1111',
      submittedAt: placed.placedAt,
      allocations,
    };
    const position = await givenEvents<OrderEvent>(
      stores.eventStore,
      orderStream(orderId),
      [
        { type: 'OrderPlaced', data: placed },
        { type: 'PurchaseOrderSubmitted', data: submitted },
      ],
      customer,
    );
    const list = (
      await get(`/api/admin/orders?email=${tag}&backorders=only`, { ...admin, [POSITION_HEADER]: position })
    ).json();
    expect(list.orders).toEqual([expect.objectContaining({ orderId, backorderedUnits: 2 })]);
    const detail = (await get(`/api/admin/orders/${orderId}`)).json();
    expect(detail.order.lines[0]).toMatchObject({ quantity: 5, reservedQuantity: 3, backorderedQuantity: 2 });

    const cancelled = await givenEvents<OrderEvent>(stores.eventStore, orderStream(orderId), [
      { type: 'OrderCancelled', data: { orderId, reason: 'x', cancelledAt: placed.placedAt } },
    ]);
    expect(
      (await get(`/api/admin/orders?email=${tag}&backorders=only`, { ...admin, [POSITION_HEADER]: cancelled })).json()
        .orders,
    ).toEqual([]);
  });

  it('shows one order with its timeline: every event with its time and actor, the admin named for each move', async () => {
    const customer = customerOf(randomUUID().slice(0, 8), 'cy');
    const { orderId, orderNumber } = await givenOrder(customer, '2026-11-23T15:00:00.000Z');
    const otherAdmin: Actor = { kind: 'admin', id: randomUUID(), email: 'shipping@labshop.test' };
    // The workers' invoice (appended to the order stream by the system) shows as well.
    const system: Actor = { kind: 'system', id: 'invoicing', email: '' };
    const sha256 = 'ab'.repeat(32);
    const invoice = {
      orderId,
      invoiceNumber: `INV-${orderNumber}`,
      fileName: `${sha256}.pdf`,
      sha256,
      size: 3_141,
      issuedAt: '2026-11-23T15:00:01.000Z',
    };
    await givenEvents(stores.eventStore, orderStream(orderId), [{ type: 'InvoiceIssued', data: invoice }], system);
    await givenEvents(stores.eventStore, orderStream(orderId), [
      { type: 'OrderConfirmed', data: { orderId, confirmedAt: '2026-11-23T16:00:00.000Z' } },
      { type: 'OrderProcessing', data: { orderId, processingAt: '2026-11-23T16:00:00.000Z' } },
    ]);
    const position = await givenEvents(
      stores.eventStore,
      orderStream(orderId),
      [
        {
          type: 'OrderShipped',
          data: { orderId, carrier: 'FedEx', trackingNumber: '7712 3456', shippedAt: '2026-11-24T10:00:00.000Z' },
        },
      ],
      otherAdmin,
    );

    const response = await get(`/api/admin/orders/${orderId}`, { ...admin, [POSITION_HEADER]: position });
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({
      kind: 'order',
      customer: { id: customer.id, email: customer.email },
      order: {
        orderId,
        orderNumber,
        status: 'Shipped',
        shipment: { carrier: 'FedEx', trackingNumber: '7712 3456' },
        payment: { kind: 'purchase-order', poNumber: 'PO-7', cardLast4: '1111' },
        taxCents: 625,
      },
    });
    expect(
      view.timeline.map(({ type, actor, summary }: { type: string; actor: Actor; summary: string }) => [
        type,
        actor.kind,
        actor.email,
        summary,
      ]),
    ).toEqual([
      ['OrderPlaced', 'customer', customer.email, `Order ${orderNumber} placed: 0 line(s), total $106.25`],
      ['PurchaseOrderSubmitted', 'customer', customer.email, 'PO submitted (PO-7), card on file Visa ending 1111'],
      ['InvoiceIssued', 'system', '', 'Invoice issued'],
      ['OrderConfirmed', 'admin', TEST_ADMIN.email, 'Confirmed'],
      ['OrderProcessing', 'admin', TEST_ADMIN.email, 'Processing started'],
      ['OrderShipped', 'admin', 'shipping@labshop.test', 'Shipped by FedEx, tracking number 7712 3456'],
    ]);
    for (const entry of view.timeline) expect(Date.parse(entry.at)).not.toBeNaN();

    const unknown = await get(`/api/admin/orders/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found');
    expect((await get('/api/admin/orders/not-an-id')).statusCode).toBe(400);
  });

  it('searches a part of the order number, the customer’s name, the company, the email or the PO number', async () => {
    const tag = randomUUID().slice(0, 8);
    const amos = await givenOrder(customerOf(tag, 'amos'), '2026-11-20T15:00:00.000Z', {
      firstName: 'Amos',
      lastName: `Thibodeaux${tag}`,
      company: `Levee Labs ${tag}`,
    });
    const celine = await givenOrder(customerOf(tag, 'celine'), '2026-11-21T15:00:00.000Z', {
      firstName: 'Céline',
      lastName: `Arceneaux${tag}`,
      company: `Bayou Bio ${tag}`,
      then: 'quote',
    });
    await get(`/api/admin/orders?search=${tag}`, {
      ...admin,
      [POSITION_HEADER]: celine.position > amos.position ? celine.position : amos.position,
    });
    const found = async (search: string) =>
      idsOf((await get(`/api/admin/orders?${new URLSearchParams({ search }).toString()}`)).json());

    expect(await found(tag)).toEqual([celine.orderId, amos.orderId]);
    // A part of the number, as staff read it off a phone call: no prefix, any case.
    expect(await found(amos.orderNumber.slice(-9).toLowerCase())).toEqual([amos.orderId]);
    expect(await found(`thibodeaux${tag}`.toUpperCase())).toEqual([amos.orderId]);
    expect(await found(`Amos Thibodeaux${tag}`)).toEqual([amos.orderId]);
    expect(await found(`bayou bio ${tag}`)).toEqual([celine.orderId]);
    expect(await found(`celine.${tag}@`)).toEqual([celine.orderId]);
    expect(
      (await get(`/api/admin/orders?search=${tag}&kind=quotes`)).json().orders.map((row: OrderDeskRow) => row.orderId),
    ).toEqual([celine.orderId]);
    expect((await get(`/api/admin/orders?search=${tag}&email=x`)).json().fields).toEqual({
      search: 'Search already matches emails: use one or the other',
    });
  });

  it('refuses bad filters with field messages', async () => {
    const response = await get('/api/admin/orders?status=Lost&from=2026-13-01&state=ZZ&kind=some&pageSize=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      status: 'Please choose a status from the list',
      from: 'From must be a date (YYYY-MM-DD)',
      state: 'Please choose a state from the list',
      kind: "Kind is 'all', 'orders' or 'quotes'",
      pageSize: 'Page size is at most 100',
    });
    expect((await get('/api/admin/orders?from=2026-11-24&to=2026-11-23')).json().fields).toEqual({
      to: 'To must not be before From',
    });
  });

  it('documents both routes with their schemas in the OpenAPI document', async () => {
    const document = (await get('/api/docs/json', {})).json();
    expect(
      document.paths['/api/admin/orders'].get.parameters.map((parameter: { name: string }) => parameter.name),
    ).toEqual(
      expect.arrayContaining(['status', 'from', 'to', 'state', 'email', 'orderNumber', 'kind', 'page', 'pageSize']),
    );
    expect(document.paths['/api/admin/orders/{orderId}'].get.responses['200']).toBeDefined();
  });

  it('answers only admins: 401 without a session, 403 to a customer', async () => {
    const customer = await sessionOf(tokens, customerOf('x', 'dee'));
    for (const url of ['/api/admin/orders', `/api/admin/orders/${randomUUID()}`]) {
      expect((await get(url, {})).statusCode).toBe(401);
      expect((await get(url, customer)).statusCode).toBe(403);
    }
  });
});

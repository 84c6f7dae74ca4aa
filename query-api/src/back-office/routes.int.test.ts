import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { createLogger } from '@labshop/platform/logger';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents, TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { testContactMessage, testInquiry } from '@labshop/platform/testing/inbox';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { attentionTiles, type DashboardView } from '@labshop/contracts/admins/back-office';
import { contactMessageStream, inquiryStream } from '@labshop/contracts/inbox/events';
import { orderStream, type OrderEvent } from '@labshop/contracts/orders/events';
import { taxExemptionStream } from '@labshop/contracts/tax/exemptions-events';
import { testOrderLine, testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
/** 25 Nov 2026, 1 p.m. in New York. */
const NOW = new Date('2026-11-25T18:00:00.000Z');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections, now: () => NOW });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

const customer: Actor = { kind: 'customer', id: randomUUID(), email: 'ann@example.com' };
const visitor: Actor = { kind: 'anonymous', id: 'visitor', email: '' };

type Then = 'po' | 'quote' | 'nothing' | 'confirmed' | 'cancelled' | 'backordered';

/** An order placed at `placedAt` for `totalCents`, then paid by PO, quoted, left unpaid, confirmed, cancelled or backordered. */
async function givenOrder(placedAt: string, then: Then, totalCents = 10_000) {
  const orderId = randomUUID();
  const placed = testOrderPlacedData(orderId, customer.id, placedAt, { totalCents });
  const by = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7' };
  const po = {
    orderId,
    customerId: customer.id,
    ...by,
    cardType: 'visa' as const,
    cardLast4: '1111',
    submittedAt: placedAt,
  };
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed }];
  if (then === 'quote')
    events.push({ type: 'QuoteRequested', data: { orderId, customerId: customer.id, ...by, requestedAt: placedAt } });
  if (then === 'backordered') {
    const allocations = [
      { detailId: testOrderLine.detailId, packSize: testOrderLine.packSize, reserved: 0, backordered: 2 },
    ];
    events.push({ type: 'PurchaseOrderSubmitted', data: { ...po, allocations } });
  }
  if (then === 'po' || then === 'confirmed' || then === 'cancelled')
    events.push({ type: 'PurchaseOrderSubmitted', data: po });
  if (then === 'confirmed') events.push({ type: 'OrderConfirmed', data: { orderId, confirmedAt: placedAt } });
  if (then === 'cancelled')
    events.push({ type: 'OrderCancelled', data: { orderId, reason: 'x', cancelledAt: placedAt } });
  return givenEvents(stores.eventStore, orderStream(orderId), events, customer);
}

const get = (url: string, headers: Record<string, string> = admin) => queries.inject({ method: 'GET', url, headers });

describe('GET /api/admin/dashboard', () => {
  it('counts each list by its own filter, and books sales today, this month and last month in New York days', async () => {
    await givenOrder('2026-11-25T15:00:00.000Z', 'po', 12_000); // today: to confirm, booked
    await givenOrder('2026-11-25T16:00:00.000Z', 'backordered', 3_000); // today: to confirm, backordered, booked
    await givenOrder('2026-11-25T04:30:00.000Z', 'confirmed', 5_000); // still 24 Nov in New York: this month
    await givenOrder('2026-11-01T05:00:00.000Z', 'quote'); // awaiting a price, not booked
    await givenOrder('2026-11-02T12:00:00.000Z', 'nothing'); // never paid: in no tile, not booked
    await givenOrder('2026-11-03T12:00:00.000Z', 'cancelled'); // not booked
    await givenOrder('2026-11-01T03:59:00.000Z', 'confirmed', 7_000); // 31 Oct, 11:59 p.m. EDT in New York: last month
    await givenOrder('2026-10-01T03:00:00.000Z', 'confirmed', 9_000); // 30 Sep in New York: before last month
    const inquiry = testInquiry();
    await givenEvents(stores.eventStore, inquiryStream(inquiry.data.inquiryId), [inquiry], visitor);
    const message = testContactMessage();
    await givenEvents(stores.eventStore, contactMessageStream(message.data.messageId), [message], visitor);
    await givenEvents(stores.eventStore, contactMessageStream(message.data.messageId), [
      {
        type: 'SubmissionAnswered',
        data: {
          kind: 'contact',
          submissionId: message.data.messageId,
          answeredBy: { id: TEST_ADMIN.id, email: TEST_ADMIN.email },
          answeredAt: NOW.toISOString(),
        },
      },
    ]);
    const position = await givenEvents(
      stores.eventStore,
      taxExemptionStream(customer.id),
      [
        {
          type: 'TaxExemptionFiled',
          data: {
            customerId: customer.id,
            certificateId: randomUUID(),
            state: 'TX',
            number: 'TX-1234567',
            document: null,
            filedAt: NOW.toISOString(),
          },
        },
      ],
      customer,
    );

    const response = await get('/api/admin/dashboard', { ...admin, [POSITION_HEADER]: position });
    expect(response.statusCode).toBe(200);
    const dashboard = response.json<DashboardView>();
    expect(dashboard.attention).toEqual([
      { key: 'ordersToConfirm', count: 2 },
      { key: 'backorders', count: 1 },
      { key: 'quotesToPrice', count: 1 },
      { key: 'unansweredMessages', count: 1 },
      { key: 'certificatesToReview', count: 1 },
    ]);
    expect(dashboard.sales).toEqual({
      today: { totalCents: 15_000, orders: 2, from: '2026-11-25', to: '2026-11-25' },
      thisMonth: { totalCents: 20_000, orders: 3, from: '2026-11-01', to: '2026-11-25' },
      lastMonth: { totalCents: 7_000, orders: 1, from: '2026-10-01', to: '2026-10-31' },
    });

    // Each count is the total of the list the tile links to, asked with the tile's own query.
    for (const tile of attentionTiles) {
      const list = (await get(`/api${tile.path}?${new URLSearchParams(tile.query)}`)).json();
      const total = 'total' in list ? list.total : list.exemptions.length;
      expect({ key: tile.key, count: total }).toEqual(dashboard.attention.find(({ key }) => key === tile.key));
    }
  });

  it('answers staff only, and tells the member their role and permissions', async () => {
    expect((await get('/api/admin/dashboard', {})).statusCode).toBe(401);
    expect((await get('/api/admin/dashboard', await sessionOf(tokens, customer))).statusCode).toBe(403);
    expect((await get('/api/admin/session', await sessionOf(tokens, customer))).statusCode).toBe(403);
    const session = await get('/api/admin/session');
    expect(session.json()).toEqual({
      id: TEST_ADMIN.id,
      email: TEST_ADMIN.email,
      role: 'admin',
      permissions: ['catalogue', 'orders', 'finance', 'inbox', 'tax-exemptions', 'content', 'audit'],
    });
  });
});

describe('GET /api/admin/orders sorted', () => {
  it('sorts by a chosen column either way, and refuses an unknown one', async () => {
    const asc = (await get('/api/admin/orders?sort=total&direction=asc&pageSize=100')).json();
    const totals = asc.orders.map((row: { totalCents: number }) => row.totalCents);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(totals.length).toBeGreaterThan(2);
    const desc = (await get('/api/admin/orders?sort=total&direction=desc&pageSize=100')).json();
    expect(desc.orders.map((row: { totalCents: number }) => row.totalCents)).toEqual([...totals].reverse());
    const refused = await get('/api/admin/orders?sort=secret');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toHaveProperty('sort');
    const both = await get('/api/admin/orders?status=Confirmed&awaiting=confirmation');
    expect(both.statusCode).toBe(400);
  });
});

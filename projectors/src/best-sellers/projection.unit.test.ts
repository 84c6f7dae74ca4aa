import { describe, expect, it } from 'vitest';
import type { OrderLine } from '@labshop/contracts/orders/events';
import { recorded, replay as replayAll } from '../testing/replay.ts';
import { orderPlaced } from '../testing/order-events.ts';
import {
  isSalesDay,
  windowStartDay,
  type BestSellersDocument,
  type OpenOrderDay,
  type SalesDay,
} from '@labshop/contracts/catalogue/best-sellers-queries';
import { bestSellers, openOrderDayId } from './projection.ts';

const payment = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7', cardType: 'visa', cardLast4: '1111' };

/** A line of `quantity` of `detailId`; the other fields do not matter to the ranking. */
const line = (detailId: string, quantity: number, packSize: string | null = null): OrderLine => ({
  detailId,
  subproductId: 's1',
  productName: 'Exosome kit',
  productType: 'Kit A',
  packSize,
  catalogNumber: 'EX-100',
  innerPackageId: 'PK-1',
  imageUrl: null,
  productPath: '/exosome-kit/s1',
  quantity,
  unitPriceCents: 4_500,
  listPriceCents: 4_500,
  discountPercent: 0,
  lineTotalCents: 4_500 * quantity,
});

/** An order of `units` per detail, placed at `placedAt`. */
const placed = (orderId: string, placedAt: string, units: Record<string, number>) =>
  orderPlaced(orderId, 'c1', placedAt, {
    lines: Object.entries(units).map(([detailId, quantity]) => line(detailId, quantity)),
  });
const submitted = (orderId: string, submittedAt: string) =>
  recorded('PurchaseOrderSubmitted', { orderId, customerId: 'c1', ...payment, submittedAt });
const cancelled = (orderId: string) =>
  recorded('OrderCancelled', { orderId, reason: 'Ordered twice', cancelledAt: '2026-11-24T09:00:00.000Z' });
const shipped = (orderId: string) =>
  recorded('OrderShipped', { orderId, carrier: 'UPS', trackingNumber: '1Z999', shippedAt: '2026-11-25T09:00:00.000Z' });
const quoted = (orderId: string) =>
  recorded('QuoteRequested', {
    orderId,
    customerId: 'c1',
    company: '',
    name: '',
    poNumber: '',
    requestedAt: '2026-11-23T10:05:00.000Z',
  });

/** The day documents a replay leaves, by id (the open orders left out). */
async function replay(events: Parameters<typeof replayAll>[1]): Promise<Map<string, SalesDay>> {
  const documents = await replayAll(bestSellers, events);
  return new Map([...documents].filter((entry): entry is [string, SalesDay] => isSalesDay(entry[1])));
}

/** The open orders a replay leaves, by order id. */
async function openOrders(events: Parameters<typeof replayAll>[1]): Promise<Map<string, OpenOrderDay>> {
  const documents = [...(await replayAll(bestSellers, events)).values()];
  const open = documents.filter((document): document is OpenOrderDay => !isSalesDay(document));
  return new Map(open.map((order) => [order.orderId, order]));
}

describe('best-sellers projection', () => {
  it('counts the units of an order once its purchase order is submitted, per detail, on the day it was placed', async () => {
    const days = await replay([
      placed('o-001', '2026-11-23T10:00:00.000Z', { d1: 2, d2: 1 }),
      submitted('o-001', '2026-11-23T10:01:00.000Z'),
      placed('o-002', '2026-11-23T23:59:00.000Z', { d2: 5 }),
      // Submitted after midnight: still a sale of the 23rd, the order's date.
      submitted('o-002', '2026-11-24T00:01:00.000Z'),
    ]);
    expect([...days.keys()]).toEqual(['day-2026-11-23']);
    expect(days.get('day-2026-11-23')).toMatchObject({
      day: '2026-11-23',
      units: [
        { detailId: 'd2', units: 6 },
        { detailId: 'd1', units: 2 },
      ],
    });
  });

  it('counts nothing for an order awaiting payment or a quote request', async () => {
    const events = [
      placed('o-003', '2026-11-22T09:00:00.000Z', { d1: 4 }),
      placed('o-004', '2026-11-22T09:30:00.000Z', { d1: 3 }),
      quoted('o-004'),
    ];
    const days = await replay(events);
    expect(days.get('day-2026-11-22')?.units).toEqual([]);
    expect((await openOrders(events)).get('o-004')).toMatchObject({
      orderId: 'o-004',
      dayId: 'day-2026-11-22',
      lines: [{ detailId: 'd1', units: 3 }],
      counted: false,
    });
  });

  it('counts the lines an unpaid checkout was revised to, and no revision once it counts', async () => {
    const revised = (orderId: string, units: Record<string, number>) =>
      recorded('CheckoutRevised', {
        ...(placed(orderId, '2026-11-23T10:00:00.000Z', units).data as object),
        revisedAt: '2026-11-23T10:05:00.000Z',
      });
    const days = await replay([
      placed('o-060', '2026-11-23T10:00:00.000Z', { d1: 1 }),
      revised('o-060', { d2: 4 }),
      submitted('o-060', '2026-11-23T10:06:00.000Z'),
      revised('o-060', { d3: 9 }),
    ]);
    expect(days.get('day-2026-11-23')?.units).toEqual([{ detailId: 'd2', units: 4 }]);
  });

  it('adds up two lines of one detail (two pack sizes) and keeps each day apart', async () => {
    const twoPackSizes = orderPlaced('o-005', 'c1', '2026-08-01T12:00:00.000Z', {
      lines: [line('d1', 1, '100 ml'), line('d1', 3, '500 ml')],
    });
    const days = await replay([
      twoPackSizes,
      submitted('o-005', '2026-08-01T12:01:00.000Z'),
      placed('o-006', '2026-11-20T12:00:00.000Z', { d1: 1 }),
      submitted('o-006', '2026-11-20T12:01:00.000Z'),
    ]);
    expect(days.get('day-2026-08-01')?.units).toEqual([{ detailId: 'd1', units: 4 }]);
    expect(days.get('day-2026-11-20')?.units).toEqual([{ detailId: 'd1', units: 1 }]);
  });

  it('counts a submission once, and ignores other events and orders it never saw', async () => {
    const days = await replay([
      placed('o-007', '2026-11-23T10:00:00.000Z', { d1: 2 }),
      submitted('o-007', '2026-11-23T10:01:00.000Z'),
      submitted('o-007', '2026-11-23T10:02:00.000Z'),
      submitted('o-404', '2026-11-23T10:03:00.000Z'),
      recorded('CartCheckedOut', { commandId: 'x', at: '2026-11-23T10:00:00.000Z', orderId: 'o-008' }),
    ]);
    expect([...days.keys()]).toEqual(['day-2026-11-23']);
    expect(days.get('day-2026-11-23')?.units).toEqual([{ detailId: 'd1', units: 2 }]);
  });

  it('takes a cancelled order away again, and forgets one that was never sold', async () => {
    const events = [
      placed('o-010', '2026-11-23T10:00:00.000Z', { d1: 2, d2: 1 }),
      submitted('o-010', '2026-11-23T10:01:00.000Z'),
      placed('o-011', '2026-11-23T11:00:00.000Z', { d1: 5 }),
      submitted('o-011', '2026-11-23T11:01:00.000Z'),
      placed('o-012', '2026-11-23T12:00:00.000Z', { d3: 9 }),
      cancelled('o-011'),
      cancelled('o-012'),
    ];
    const days = await replay(events);
    expect(days.get('day-2026-11-23')?.units).toEqual([
      { detailId: 'd1', units: 2 },
      { detailId: 'd2', units: 1 },
    ]);
    expect([...(await openOrders(events)).keys()]).toEqual(['o-010']);
  });

  it("keeps a shipped order's units but no longer its lines: it cannot be cancelled any more", async () => {
    const events = [
      placed('o-020', '2026-11-23T10:00:00.000Z', { d1: 2 }),
      submitted('o-020', '2026-11-23T10:01:00.000Z'),
      shipped('o-020'),
      cancelled('o-020'),
    ];
    const days = await replay(events);
    expect(days.get('day-2026-11-23')).toMatchObject({ units: [{ detailId: 'd1', units: 2 }] });
    expect((await openOrders(events)).size).toBe(0);
  });

  it("keeps a day's document to its units however many orders it has open: each open order is a document of its own", async () => {
    const orderIds = Array.from({ length: 200 }, (_, index) => `o-${100 + index}`);
    const events = orderIds.flatMap((orderId) => [
      placed(orderId, '2026-11-23T10:00:00.000Z', { d1: 1 }),
      submitted(orderId, '2026-11-23T10:01:00.000Z'),
    ]);
    const day = (await replay(events)).get('day-2026-11-23')!;
    expect(Object.keys(day).sort()).toEqual(['_position', 'day', 'id', 'units']);
    expect(day.units).toEqual([{ detailId: 'd1', units: 200 }]);
    expect((await openOrders(events)).size).toBe(200);
  });

  it('points each open order at its day while the day keeps it, and routes its later events by that id alone', async () => {
    const documents = await replayAll(bestSellers, [
      placed('o-050', '2026-11-23T10:00:00.000Z', { d1: 1 }),
      placed('o-051', '2026-11-23T11:00:00.000Z', { d1: 1 }),
      submitted('o-051', '2026-11-23T11:01:00.000Z'),
      placed('o-052', '2026-11-23T12:00:00.000Z', { d1: 1 }),
      submitted('o-052', '2026-11-23T12:01:00.000Z'),
      shipped('o-052'),
      placed('o-053', '2026-11-23T13:00:00.000Z', { d1: 1 }),
      cancelled('o-053'),
      // Shipped before it counted (not something the shop lets happen): the day keeps it, and so does its pointer.
      placed('o-054', '2026-11-23T14:00:00.000Z', { d1: 1 }),
      shipped('o-054'),
    ]);
    const pointers = [...documents.values()].filter((document) => !isSalesDay(document));
    expect(pointers).toEqual([
      expect.objectContaining({
        id: openOrderDayId('o-050'),
        orderId: 'o-050',
        dayId: 'day-2026-11-23',
        counted: false,
      }),
      expect.objectContaining({
        id: openOrderDayId('o-051'),
        orderId: 'o-051',
        dayId: 'day-2026-11-23',
        counted: true,
      }),
      expect.objectContaining({
        id: openOrderDayId('o-054'),
        orderId: 'o-054',
        dayId: 'day-2026-11-23',
        counted: false,
      }),
    ]);

    const byId = new Map<string, BestSellersDocument>(documents);
    const lookups = {
      get: async (id: string) => byId.get(id) ?? null,
      find: async () => expect.fail('an order event is routed by id, without a query over the days'),
    };
    expect(await bestSellers.documentIds(submitted('o-050', '2026-11-23T15:00:00.000Z'), lookups)).toEqual([
      'day-2026-11-23',
      openOrderDayId('o-050'),
    ]);
    // Being shipped changes no day's units: only the open order is written.
    expect(await bestSellers.documentIds(shipped('o-051'), lookups)).toEqual([openOrderDayId('o-051')]);
    expect(await bestSellers.documentIds(shipped('o-052'), lookups)).toEqual([]);
  });

  it('has a window of 90 business (New York) days ending today, today included', () => {
    expect(windowStartDay(new Date('2026-11-23T05:00:00.000Z'))).toBe('2026-08-26');
    expect(windowStartDay(new Date('2026-11-24T04:59:59.999Z'))).toBe('2026-08-26');
    // 8 p.m. in New York on the 22nd is already the 23rd in UTC: still the 22nd's window.
    expect(windowStartDay(new Date('2026-11-23T01:00:00.000Z'))).toBe('2026-08-25');
  });

  it('counts a sale around midnight on its New York day', async () => {
    const days = await replay([
      placed('o-030', '2026-11-24T04:59:00.000Z', { d1: 1 }),
      submitted('o-030', '2026-11-24T05:01:00.000Z'),
      placed('o-031', '2026-11-24T05:00:00.000Z', { d1: 2 }),
      submitted('o-031', '2026-11-24T05:01:00.000Z'),
    ]);
    expect(days.get('day-2026-11-23')?.units).toEqual([{ detailId: 'd1', units: 1 }]);
    expect(days.get('day-2026-11-24')?.units).toEqual([{ detailId: 'd1', units: 2 }]);
  });

  it('counts an accepted quote, at its quantities, on the day it was placed', async () => {
    const days = await replay([
      placed('o-040', '2026-11-23T10:00:00.000Z', { d1: 3 }),
      quoted('o-040'),
      recorded('QuoteAccepted', { orderId: 'o-040', customerId: 'c1', acceptedAt: '2026-11-26T10:00:00.000Z' }),
    ]);
    expect(days.get('day-2026-11-23')?.units).toEqual([{ detailId: 'd1', units: 3 }]);
  });
});

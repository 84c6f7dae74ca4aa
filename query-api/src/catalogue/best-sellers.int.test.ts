import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { detailFields } from '@labshop/platform/testing/detail-fields';
import { createLogger } from '@labshop/platform/logger';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type DetailFields,
} from '@labshop/contracts/catalogue/events';
import { orderStream, type OrderEvent, type OrderLine, type OrderPlacedData } from '@labshop/contracts/orders/events';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';
import { TOP_SELLERS_LIMIT } from './best-sellers.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
/** The query API's clock: sales are dated relative to it. */
const NOW = new Date('2026-11-23T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
/** The newest write: every read carries it, so it sees every given event. */
let position = '';

const productId = randomUUID();
const subproductId = randomUUID();
/** Details in catalogue order: two pinned by staff (first and last), ten others and a hidden one. */
const pinnedFirst = randomUUID();
const d = Array.from({ length: 10 }, () => randomUUID());
const hidden = randomUUID();
const pinnedLast = randomUUID();

const customer = { kind: 'customer', id: randomUUID(), email: 'ann@example.com' } as const;

const line = (detailId: string, quantity: number): OrderLine => ({
  detailId,
  subproductId,
  productName: 'Mycoplasma',
  productType: 'Kit',
  packSize: null,
  catalogNumber: 'MY-1',
  innerPackageId: 'IP-1',
  imageUrl: null,
  productPath: `/detection-kits/${subproductId}`,
  quantity,
  unitPriceCents: 1_000,
  listPriceCents: 1_000,
  discountPercent: 0,
  lineTotalCents: 1_000 * quantity,
});

/**
 * Appends an order of `units` per detail placed `placedAt`, paid by purchase order unless `payment` says
 * otherwise ('none': still awaiting payment; 'quote': a quote request). Answers the order id.
 */
async function order(
  placedAt: string,
  units: Record<string, number>,
  payment: 'po' | 'none' | 'quote' = 'po',
): Promise<string> {
  const orderId = randomUUID();
  const lines = Object.entries(units).map(([detailId, quantity]) => line(detailId, quantity));
  const subtotalCents = lines.reduce((sum, { lineTotalCents }) => sum + lineTotalCents, 0);
  const placed: OrderPlacedData = {
    orderId,
    orderNumber: `LUM23112026${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    customerId: customer.id,
    lines,
    address: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: customer.email,
      company: 'Lee Labs',
      phone: '555-0101',
      address1: '1 Bench St',
      address2: '',
      city: 'Dover',
      state: 'DE',
      zipCode: '19901',
      useForInvoice: true,
    },
    taxExemptNumber: null,
    taxState: 'DE',
    taxRateBasisPoints: 0,
    subtotalCents,
    taxCents: 0,
    totalCents: subtotalCents,
    idempotencyKey: randomUUID(),
    placedAt,
  };
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed }];
  const who = { orderId, customerId: customer.id, company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-1' };
  if (payment === 'po')
    events.push({
      type: 'PurchaseOrderSubmitted',
      data: { ...who, cardType: 'visa', cardLast4: '1111', submittedAt: placedAt },
    });
  if (payment === 'quote') events.push({ type: 'QuoteRequested', data: { ...who, requestedAt: placedAt } });
  position = await givenEvents(stores.eventStore, orderStream(orderId), events, customer);
  return orderId;
}

async function bestSellers(): Promise<{ detailId: string; pinned: boolean; unitsSold: number }[]> {
  const response = await queries.inject({
    method: 'GET',
    url: '/api/catalogue/home',
    headers: { [POSITION_HEADER]: position },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-labshop-stale']).toBeUndefined();
  return response.json().bestSellers;
}
const ranking = async () => (await bestSellers()).map(({ detailId, unitsSold }) => [detailId, unitsSold]);

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections, now: () => NOW, catalogueCacheMaxAgeMs: 60_000 });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });

  await givenEvents(stores.eventStore, CATALOGUE_STREAM, [
    { type: 'ProductCreated', data: { productId, name: 'Mycoplasma', displayOrder: 0 } },
  ]);
  await givenEvents(stores.eventStore, productStream(productId), [
    { type: 'SubproductCreated', data: { productId, subproductId, name: 'Detection Kits', displayOrder: 0 } },
  ]);
  const created = (detailId: string, displayOrder: number, fields: Partial<DetailFields> = {}) =>
    ({
      type: 'DetailCreated',
      data: {
        productId,
        subproductId,
        detailId,
        displayOrder,
        fields: detailFields({ productType: `Kit ${displayOrder}`, ...fields }),
      },
    }) as const;
  position = await givenEvents(stores.eventStore, subproductStream(subproductId), [
    created(pinnedFirst, 0, { bestseller: true }),
    ...d.map((detailId, i) => created(detailId, i + 1)),
    created(hidden, 11),
    created(pinnedLast, 12, { bestseller: true }),
    { type: 'DetailVisibilityChanged', data: { productId, subproductId, detailId: hidden, visible: false } },
  ]);
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

describe('home best sellers', () => {
  it('lists the pinned details without sales, in catalogue order', async () => {
    expect(await bestSellers()).toEqual([
      expect.objectContaining({
        detailId: pinnedFirst,
        pinned: true,
        unitsSold: 0,
        productType: 'Kit 0',
        subproductName: 'Detection Kits',
      }),
      expect.objectContaining({ detailId: pinnedLast, pinned: true, unitsSold: 0 }),
    ]);
  });

  it('then the visible details that sold most in the last 90 days, ties in catalogue order', async () => {
    await order(daysAgo(1), { [d[2]!]: 5, [d[0]!]: 2 });
    await order(daysAgo(0), { [d[2]!]: 1 });
    // The window's first day (89 days back, today being the 90th) counts; 90 and 100 days back do not.
    await order(daysAgo(89), { [d[1]!]: 3 });
    await order(daysAgo(90), { [d[7]!]: 9 });
    await order(daysAgo(100), { [d[3]!]: 50 });
    // Not sold: still awaiting payment, or only a quote requested.
    await order(daysAgo(1), { [d[4]!]: 40 }, 'none');
    await order(daysAgo(1), { [d[5]!]: 40 }, 'quote');
    // Hidden details are never listed, however well they sold; a pinned one that sold is listed once.
    await order(daysAgo(2), { [hidden]: 100, [pinnedLast]: 7 });
    await order(daysAgo(3), { [d[6]!]: 2 });

    expect(await ranking()).toEqual([
      [pinnedFirst, 0],
      [pinnedLast, 7],
      [d[2], 6],
      [d[1], 3],
      [d[0], 2],
      [d[6], 2],
    ]);
    expect((await bestSellers()).map(({ pinned }) => pinned)).toEqual([true, true, false, false, false, false]);
  });

  it('takes a cancelled order away again', async () => {
    const cancelledOrder = await order(daysAgo(1), { [d[8]!]: 30, [d[2]!]: 4 });
    expect((await ranking()).slice(2, 4)).toEqual([
      [d[8], 30],
      [d[2], 10],
    ]);
    position = await givenEvents(stores.eventStore, orderStream(cancelledOrder), [
      {
        type: 'OrderCancelled',
        data: { orderId: cancelledOrder, reason: 'Ordered by mistake', cancelledAt: daysAgo(0) },
      },
    ]);
    const after = await ranking();
    expect(after.slice(2, 4)).toEqual([
      [d[2], 6],
      [d[1], 3],
    ]);
    expect(after.map(([detailId]) => detailId)).not.toContain(d[8]);
  });

  it(`ranks at most ${TOP_SELLERS_LIMIT} sellers after the pinned ones`, async () => {
    const many = Array.from({ length: TOP_SELLERS_LIMIT }, () => randomUUID());
    await givenEvents(
      stores.eventStore,
      subproductStream(subproductId),
      many.map((detailId, i) => ({
        type: 'DetailCreated',
        data: {
          productId,
          subproductId,
          detailId,
          displayOrder: 20 + i,
          fields: detailFields({ productType: `Bulk ${i}` }),
        },
      })),
    );
    await order(daysAgo(5), Object.fromEntries(many.map((detailId) => [detailId, 1])));
    const listed = await bestSellers();
    expect(listed).toHaveLength(2 + TOP_SELLERS_LIMIT);
    // The best of the earlier sales keep their places; among the many sold once, catalogue order decides.
    expect(listed.slice(2, 7).map(({ detailId }) => detailId)).toEqual([d[2], d[1], d[0], d[6], many[0]]);
  });
});

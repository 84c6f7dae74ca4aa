import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { passesLuhn } from '@labshop/contracts/orders/commands';
import { stockStream, type StockEvent } from '@labshop/contracts/stock/events';
import { emptyStock, evolveStock } from '@labshop/contracts/stock/fold-stock';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens, logger: createLogger('silent') });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

async function send(
  method: 'POST' | 'PATCH',
  url: string,
  payload: object,
  headers: Record<string, string>,
  expected = 200,
) {
  const response = await app.inject({ method, url, payload, headers });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(expected);
  return response.json() as Record<string, unknown>;
}

/** A detail of `quantity` units at $10.00, no price tiers. */
async function detailWithStock(quantity: number) {
  const productId = (
    await send('POST', '/api/admin/catalogue/products', { name: `Flasks ${randomUUID()}` }, admin, 201)
  ).productId as string;
  const subproductId = (
    await send('POST', `/api/admin/catalogue/products/${productId}/subproducts`, { name: 'T-75 flasks' }, admin, 201)
  ).subproductId as string;
  const detailId = (
    await send(
      'POST',
      `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`,
      { productType: 'Vented', quantity, priceCents: 1_000, catalogNumber: 'FL-75' },
      admin,
      201,
    )
  ).detailId as string;
  return { subproductId, detailId, packSize: null };
}

async function newCustomer() {
  const token = await tokens.sign({ role: 'customer', sub: randomUUID(), email: 'buyer@example.com' }, '1h');
  return { authorization: `Bearer ${token}` };
}

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'buyer@example.com',
  phone: '555-0101',
  address1: '1 Bench St',
  city: 'Dover',
  state: 'DE',
  zipCode: '19901',
};
const nextYear = String(new Date().getUTCFullYear() + 1);
function cardNumber(): string {
  const body = `4${String(Math.floor(Math.random() * 1e14)).padStart(14, '3')}`;
  return body + [...'0123456789'].find((digit) => passesLuhn(body + digit))!;
}

type Line = { reservedQuantity?: number; backorderedQuantity?: number; quantity: number };

/** A customer buys `quantity` of the offer by purchase order, through the real routes; answers the paid order. */
async function buy(offer: { subproductId: string; detailId: string; packSize: null }, quantity: number) {
  const headers = await newCustomer();
  await send('POST', '/api/account/cart/items', { commandId: randomUUID(), ...offer, quantity }, headers);
  const placed = await send(
    'POST',
    '/api/account/orders',
    { idempotencyKey: randomUUID(), address, shippingMethod: 'ground', expectedSubtotalCents: 1_000 * quantity },
    headers,
    201,
  );
  const payment = {
    company: '',
    name: 'Ann Lee',
    poNumber: 'PO-1',
    cardType: 'visa',
    cardNumber: cardNumber(),
    month: '12',
    year: nextYear,
    cvv: '123',
  };
  return (await send('POST', `/api/account/orders/${placed.orderId as string}/purchase-order`, payment, headers)) as {
    orderId: string;
    version: number;
    lines: Line[];
  };
}

async function stockOf(detailId: string) {
  const events: StockEvent[] = [];
  for await (const event of stores.eventStore.readStream(stockStream(detailId)))
    events.push(event as unknown as StockEvent);
  return { events, state: events.reduce(evolveStock, emptyStock()) };
}

describe('stock as events', () => {
  it('20 buyers of the last 5 units at once: exactly 5 reserved, the other 15 on backorder, never negative', async () => {
    const offer = await detailWithStock(5);
    const orders = await Promise.all(Array.from({ length: 20 }, () => buy(offer, 1)));
    const lines = orders.map((order) => order.lines[0]!);
    expect(lines.reduce((sum, line) => sum + line.reservedQuantity!, 0)).toBe(5);
    expect(lines.reduce((sum, line) => sum + line.backorderedQuantity!, 0)).toBe(15);
    expect(lines.every((line) => line.reservedQuantity! + line.backorderedQuantity! === 1)).toBe(true);

    const { events, state } = await stockOf(offer.detailId);
    expect(state).toMatchObject({ onHand: 5, reserved: 5 });
    expect(Object.keys(state.reservations)).toHaveLength(20);
    // Folded event by event, on hand less reserved never drops below zero.
    let folded = emptyStock();
    for (const event of events) {
      folded = evolveStock(folded, event);
      expect(folded.onHand - folded.reserved).toBeGreaterThanOrEqual(0);
    }
  });

  it('a line over what is available reserves what there is and backorders the rest; a cancel releases it, a shipment takes it off the shelf', async () => {
    const offer = await detailWithStock(3);
    const first = await buy(offer, 5);
    expect(first.lines[0]).toMatchObject({ quantity: 5, reservedQuantity: 3, backorderedQuantity: 2 });
    expect((await stockOf(offer.detailId)).state).toMatchObject({ onHand: 3, reserved: 3 });

    await send('POST', `/api/admin/orders/${first.orderId}/cancel`, { reason: 'Customer asked' }, admin);
    expect((await stockOf(offer.detailId)).state).toMatchObject({ onHand: 3, reserved: 0, reservations: {} });

    const second = await buy(offer, 2);
    expect(second.lines[0]).toMatchObject({ reservedQuantity: 2, backorderedQuantity: 0 });
    for (const move of ['confirm', 'process'])
      await send('POST', `/api/admin/orders/${second.orderId}/${move}`, {}, admin);
    await send('POST', `/api/admin/orders/${second.orderId}/ship`, { carrier: 'UPS', trackingNumber: '1Z999' }, admin);
    expect((await stockOf(offer.detailId)).state).toMatchObject({ onHand: 1, reserved: 0 });

    const events = (await stockOf(offer.detailId)).events.map((event) => event.type);
    expect(events).toEqual(['StockCounted', 'StockReserved', 'StockReleased', 'StockReserved', 'StockShipped']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { createTestStores } from '@labshop/platform/testing/stores';
import { TEST_ADMIN } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { detailFields } from '@labshop/platform/testing/detail-fields';
import { testOrderPlacedData } from '@labshop/contracts/testing/orders';
import { createLogger } from '@labshop/platform/logger';
import { CATALOGUE_STREAM, productStream, subproductStream } from '@labshop/contracts/catalogue/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { serviceStream } from '@labshop/contracts/content/services-events';
import { auditLog, projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
const CUSTOMER: Actor = { kind: 'customer', id: crypto.randomUUID(), email: 'ann@example.com' };
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };

let lastPosition = '';
async function given(stream: string, type: string, data: object, at: string, actor: Actor = TEST_ADMIN) {
  const metadata = { actor, correlationId: 'c', causationId: 'c', occurredAt: at };
  lastPosition = (await stores.eventStore.append(stream, [{ type, data, metadata }], { expectedRevision: 'any' }))
    .position;
}

const [orderId, productId, subproductId, detailId, serviceId] = [
  crypto.randomUUID(),
  crypto.randomUUID(),
  crypto.randomUUID(),
  crypto.randomUUID(),
  crypto.randomUUID(),
];

beforeAll(async () => {
  stores = await createTestStores();
  queries = await buildQueryApp({ ...stores, tokens, projections });
  // Only the audit log is stored (it says where a subproduct or detail lives); the rest is folded as of the moment.
  projectors = startProjectors({ ...stores, projections: [auditLog], logger: createLogger('silent') });
  admin = await sessionOf(tokens);
  await given(
    orderStream(orderId),
    'OrderPlaced',
    testOrderPlacedData(orderId, CUSTOMER.id, '2026-04-01T10:00:00.000Z'),
    '2026-04-01T10:00:00.000Z',
    CUSTOMER,
  );
  await given(
    orderStream(orderId),
    'PurchaseOrderSubmitted',
    {
      orderId,
      customerId: CUSTOMER.id,
      company: 'Lee Labs',
      name: 'Ann Lee',
      poNumber: 'PO-1',
      cardType: 'Visa',
      cardLast4: '4242',
      submittedAt: '2026-04-01T10:05:00.000Z',
    },
    '2026-04-01T10:05:00.000Z',
    CUSTOMER,
  );
  await given(
    orderStream(orderId),
    'OrderConfirmed',
    { orderId, confirmedAt: '2026-04-02T09:00:00.000Z' },
    '2026-04-02T09:00:00.000Z',
  );
  await given(
    orderStream(orderId),
    'OrderShipped',
    { orderId, carrier: 'UPS', trackingNumber: '1Z999', shippedAt: '2026-04-03T09:00:00.000Z' },
    '2026-04-03T09:00:00.000Z',
  );

  await given(
    CATALOGUE_STREAM,
    'ProductCreated',
    { productId, name: 'Mycoplasma', displayOrder: 0 },
    '2026-05-01T10:00:00.000Z',
  );
  await given(
    productStream(productId),
    'SubproductCreated',
    { productId, subproductId, name: 'PCR Kits', displayOrder: 0 },
    '2026-05-01T10:01:00.000Z',
  );
  await given(
    subproductStream(subproductId),
    'DetailCreated',
    {
      productId,
      subproductId,
      detailId,
      displayOrder: 0,
      fields: detailFields({ productType: 'Kit', priceCents: 10_000 }),
    },
    '2026-05-01T10:02:00.000Z',
  );
  await given(
    subproductStream(subproductId),
    'DetailUpdated',
    { productId, subproductId, detailId, changes: { priceCents: 12_500 } },
    '2026-05-03T10:00:00.000Z',
  );
  await given(
    CATALOGUE_STREAM,
    'ProductRenamed',
    { productId, name: 'Mycoplasma Detection' },
    '2026-05-04T10:00:00.000Z',
  );
  await given(productStream(productId), 'SubproductDeleted', { productId, subproductId }, '2026-05-05T10:00:00.000Z');

  const fields = {
    heading: 'Exosome isolation',
    category: 'Exosomes',
    price: '100',
    order: 1,
    content: '<p>We isolate.</p>',
  };
  await given(
    serviceStream(serviceId),
    'ServiceCreated',
    { serviceId, fields, isActive: true },
    '2026-06-01T10:00:00.000Z',
  );
  await given(
    serviceStream(serviceId),
    'ServiceUpdated',
    { serviceId, changes: { price: 'From $900' } },
    '2026-06-02T10:00:00.000Z',
  );
  await given(serviceStream(serviceId), 'ServiceDeactivated', { serviceId }, '2026-06-03T10:00:00.000Z');
  await given(serviceStream(serviceId), 'ServiceDeleted', { serviceId }, '2026-06-04T10:00:00.000Z');
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

const asOf = (entityType: string, entityId: string, at: string, headers: Record<string, string> = admin) =>
  queries.inject({
    method: 'GET',
    url: `/api/admin/as-of/${entityType}/${entityId}?at=${encodeURIComponent(at)}`,
    headers: { [POSITION_HEADER]: lastPosition, ...headers },
  });

describe('time travel query', () => {
  it("answers an order's state at each moment from its stream", async () => {
    const before = (await asOf('order', orderId, '2026-04-01T09:00:00.000Z')).json();
    expect(before).toMatchObject({ state: null, eventsFolded: 0, lastChangeAt: null });
    const placed = (await asOf('order', orderId, '2026-04-01T10:05:00.000Z')).json();
    expect(placed).toMatchObject({
      at: '2026-04-01T10:05:00.000Z',
      eventsFolded: 2,
      state: { status: 'PO received', shipment: null },
    });
    const confirmed = (await asOf('order', orderId, '2026-04-02T12:00:00+03:00')).json();
    expect(confirmed).toMatchObject({
      eventsFolded: 3,
      lastChangeAt: '2026-04-02T09:00:00.000Z',
      state: { status: 'Confirmed' },
    });
    expect((await asOf('order', orderId, '2026-06-01T00:00:00Z')).json().state).toMatchObject({
      status: 'Shipped',
      shipment: { carrier: 'UPS', trackingNumber: '1Z999' },
    });
  });

  it("answers a product's, subproduct's and detail's state, a deletion included", async () => {
    expect((await asOf('product', productId, '2026-05-02T00:00:00Z')).json().state).toMatchObject({
      name: 'Mycoplasma',
      subproducts: [{ subproductId, details: [{ detailId, priceCents: 10_000 }] }],
    });
    expect((await asOf('product', productId, '2026-05-04T12:00:00Z')).json().state).toMatchObject({
      name: 'Mycoplasma Detection',
      subproducts: [{ details: [{ priceCents: 12_500 }] }],
    });
    expect((await asOf('product', productId, '2026-05-06T00:00:00Z')).json().state).toMatchObject({ subproducts: [] });
    expect((await asOf('subproduct', subproductId, '2026-05-02T00:00:00Z')).json().state).toMatchObject({
      name: 'PCR Kits',
    });
    expect((await asOf('subproduct', subproductId, '2026-05-06T00:00:00Z')).json().state).toBeNull();
    const detail = (await asOf('detail', detailId, '2026-05-02T00:00:00Z')).json();
    expect(detail).toMatchObject({ eventsFolded: 1, state: { priceCents: 10_000, subproductId } });
    expect(detail.state).not.toHaveProperty('_position');
    expect((await asOf('detail', detailId, '2026-05-03T10:00:00Z')).json().state).toMatchObject({ priceCents: 12_500 });
    expect((await asOf('detail', detailId, '2026-05-06T00:00:00Z')).json().state).toBeNull();
  });

  it("answers a service's state from its stream, through to its deletion", async () => {
    expect((await asOf('service', serviceId, '2026-06-01T10:00:00Z')).json()).toMatchObject({
      eventsFolded: 1,
      state: { heading: 'Exosome isolation', price: '100', isActive: true },
    });
    expect((await asOf('service', serviceId, '2026-06-02T12:00:00Z')).json().state).toMatchObject({
      price: 'From $900',
      isActive: true,
    });
    expect((await asOf('service', serviceId, '2026-06-03T12:00:00Z')).json().state).toMatchObject({
      price: 'From $900',
      isActive: false,
    });
    expect((await asOf('service', serviceId, '2026-06-05T00:00:00Z')).json()).toMatchObject({
      eventsFolded: 4,
      state: null,
    });
  });

  it('refuses a bad moment or kind with field messages, an unknown item with 404, and anyone but an admin', async () => {
    const bad = await asOf('invoice', orderId, 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ entityType: 'Choose an order, product, subproduct, detail or service' });
    expect((await asOf('order', orderId, 'yesterday')).json().fields).toEqual({
      at: 'At must be a date and time (ISO 8601)',
    });
    expect((await asOf('detail', crypto.randomUUID(), '2026-05-02T00:00:00Z')).statusCode).toBe(404);
    expect((await asOf('order', orderId, '2026-05-02T00:00:00Z', await sessionOf(tokens, CUSTOMER))).statusCode).toBe(
      403,
    );
    expect((await asOf('order', orderId, '2026-05-02T00:00:00Z', {})).statusCode).toBe(401);
  });
});

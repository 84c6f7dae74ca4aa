import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import type { Actor, RecordedEvent } from '@labshop/platform/event-store/port';
import { orderStream, type OrderEvent, type OrderPlacedData } from '@labshop/contracts/orders/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';
import { deskMessages } from '@labshop/contracts/orders/desk-moves';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens });
  admin = await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

const customer: Actor = { kind: 'customer', id: randomUUID(), email: 'ann@example.com' };

/** An order placed and paid by purchase order, as the customer's commands would have recorded it. */
async function orderWithPurchaseOrder(): Promise<string> {
  const orderId = randomUUID();
  const placed: OrderPlacedData = {
    orderId,
    orderNumber: `LUM24112026${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`,
    customerId: customer.id,
    lines: [],
    address: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      company: '',
      phone: '555',
      address1: '1 Bench St',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
      useForInvoice: true,
    },
    taxExemptNumber: null,
    taxState: 'TX',
    taxRateBasisPoints: 625,
    subtotalCents: 10_000,
    taxCents: 625,
    totalCents: 10_625,
    idempotencyKey: randomUUID(),
    placedAt: new Date().toISOString(),
  };
  const submitted = {
    orderId,
    customerId: customer.id,
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-7',
    cardType: 'visa' as const,
    cardLast4: '1111',
    submittedAt: new Date().toISOString(),
  };
  const events: OrderEvent[] = [
    { type: 'OrderPlaced', data: placed },
    { type: 'PurchaseOrderSubmitted', data: submitted },
  ];
  await givenEvents(stores.eventStore, orderStream(orderId), events, customer);
  return orderId;
}

async function streamOf(orderId: string): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(orderStream(orderId))) events.push(event);
  return events;
}

const move = (orderId: string, kind: string, payload: object = {}, headers: Record<string, string> = admin) =>
  app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/${kind}`, payload, headers });

describe('order desk commands', () => {
  it('moves an order from confirmed to closed, each event with the admin as its actor', async () => {
    const orderId = await orderWithPurchaseOrder();
    const steps: [string, object, string][] = [
      ['confirm', {}, 'Confirmed'],
      ['hold', { reason: 'Credit check' }, 'On hold'],
      ['release', {}, 'Confirmed'],
      ['process', { expectedVersion: 5 }, 'Processing'],
      ['ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }, 'Shipped'],
      ['deliver', {}, 'Delivered'],
      ['mark-paid', { reference: 'Cheque 1042' }, 'Delivered'],
      ['close', {}, 'Closed'],
    ];
    for (const [kind, payload, status] of steps) {
      const response = await move(orderId, kind, payload);
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
      expect(response.json()).toMatchObject({ orderId, status, position: expect.any(String) });
    }
    const answer = (await move(orderId, 'cancel', { reason: 'Too late' })).json();
    expect(answer.message).toBe(
      'Cannot cancel: this order is Closed. Only an order that has not shipped (and is not cancelled already) can be cancelled.',
    );

    const events = await streamOf(orderId);
    expect(events.map((event) => event.type)).toEqual([
      'OrderPlaced',
      'PurchaseOrderSubmitted',
      'OrderConfirmed',
      'OrderPutOnHold',
      'OrderReleased',
      'OrderProcessing',
      'OrderShipped',
      'OrderDelivered',
      'InvoiceMarkedPaid',
      'OrderClosed',
    ]);
    for (const event of events.slice(2))
      expect(event.metadata.actor).toMatchObject({ kind: 'admin', email: TEST_ADMIN.email });
    expect(events[6]!.data).toMatchObject({ orderId, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('refuses an illegal move and a stale one with 409, writing nothing', async () => {
    const orderId = await orderWithPurchaseOrder();
    const ship = await move(orderId, 'ship', { carrier: 'UPS', trackingNumber: '1Z' });
    expect(ship.statusCode).toBe(409);
    expect(ship.json().message).toBe(
      'Cannot ship: this order is PO received. Only an order in processing can be shipped.',
    );
    const stale = await move(orderId, 'confirm', { expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ message: deskMessages.stale, details: { yourVersion: 1, currentVersion: 2 } });
    expect(await streamOf(orderId)).toHaveLength(2);

    const cancel = await move(orderId, 'cancel', { reason: 'Customer asked', expectedVersion: 2 });
    expect(cancel.json()).toMatchObject({
      status: 'Cancelled',
      cancellation: { reason: 'Customer asked' },
      version: 3,
    });
    expect((await move(orderId, 'mark-paid')).statusCode).toBe(409);
    expect(await streamOf(orderId)).toHaveLength(3);
  });

  it('lets one of two admins acting on the same version win; the other gets 409 and writes nothing', async () => {
    const orderId = await orderWithPurchaseOrder();
    const [confirm, cancel] = await Promise.all([
      move(orderId, 'confirm', { expectedVersion: 2 }),
      move(orderId, 'cancel', { reason: 'Duplicate', expectedVersion: 2 }),
    ]);
    expect([confirm.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
    const loser = confirm.statusCode === 409 ? confirm : cancel;
    expect(loser.json().message).toBe(deskMessages.stale);
    expect(await streamOf(orderId)).toHaveLength(3);
  });

  it('answers 400 with field messages and 404 for an unknown order', async () => {
    const orderId = await orderWithPurchaseOrder();
    const ship = await move(orderId, 'ship', { carrier: ' ', expectedVersion: 0 });
    expect(ship.statusCode).toBe(400);
    expect(ship.json().fields).toEqual({
      carrier: 'Carrier is required',
      trackingNumber: 'Tracking number is required',
      expectedVersion: 'Expected version starts at 1',
    });
    const cancel = await move(orderId, 'cancel', { reason: 'x'.repeat(501) });
    expect(cancel.json().fields).toEqual({ reason: 'Reason must be at most 500 characters' });
    expect((await move(orderId, 'confirm', { note: 'unknown field' })).statusCode).toBe(400);
    expect((await move('not-an-id', 'confirm')).statusCode).toBe(400);
    const unknown = await move(randomUUID(), 'confirm');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found');
    expect(await streamOf(orderId)).toHaveLength(2);
  });

  it('documents every move in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/docs/commands/json' })).json();
    for (const kind of ['confirm', 'hold', 'release', 'process', 'ship', 'deliver', 'close', 'cancel', 'mark-paid']) {
      expect(document.paths[`/api/admin/orders/{orderId}/${kind}`]?.post.responses['409'], kind).toBeDefined();
    }
  });

  it('lets only admins move orders: 401 without a session, 403 with a customer one', async () => {
    const orderId = await orderWithPurchaseOrder();
    const customerSession = await sessionOf(tokens, customer);
    for (const kind of ['confirm', 'hold', 'release', 'process', 'ship', 'deliver', 'close', 'cancel', 'mark-paid']) {
      expect((await move(orderId, kind, {}, {})).statusCode, kind).toBe(401);
      expect((await move(orderId, kind, {}, customerSession)).statusCode, kind).toBe(403);
    }
    expect(await streamOf(orderId)).toHaveLength(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { Actor, RecordedEvent } from '@labshop/platform/event-store/port';
import { orderStream } from '@labshop/contracts/orders/events';
import { recorded, replay } from '../testing/replay.ts';
import { orderPlaced, testAddress } from '../testing/order-events.ts';
import { orderDesk } from './projection.ts';

const orderId = '3f1c0a52-5a4e-5b8e-9a61-0c6a4d2b7e11';
const customer: Actor = { kind: 'customer', id: 'c1', email: 'Ann@Example.com' };
const admin: Actor = { kind: 'admin', id: 'a1', email: 'admin@example.com' };
const system: Actor = { kind: 'system', id: 'workers', email: 'workers@labshop.local' };

/** An event as recorded in the order's own stream, by `actor`. */
const inOrder = (event: RecordedEvent, actor: Actor = admin, id = orderId): RecordedEvent => ({
  ...event,
  stream: orderStream(id),
  metadata: { ...event.metadata, actor },
});
const at = '2026-11-24T09:00:00.000Z';
const payment = {
  orderId,
  customerId: 'c1',
  company: 'Lee Labs',
  name: 'Ann Lee',
  poNumber: 'PO-7',
  cardType: 'visa',
  cardLast4: '1111',
  submittedAt: at,
};

describe('order-desk projection', () => {
  it('keeps each order with its status, customer email and a timeline naming who did what and when', async () => {
    const desk = await replay(orderDesk, [
      inOrder(orderPlaced(orderId, 'c1', '2026-11-23T10:00:00.000Z', { orderNumber: 'LUM2311202600001' }), customer),
      inOrder(recorded('PurchaseOrderSubmitted', payment, at), customer),
      inOrder(recorded('InvoiceIssued', { orderId, invoiceNumber: 'INV-1' }, at), system),
      inOrder(recorded('OrderConfirmed', { orderId, confirmedAt: at }, at)),
      inOrder(recorded('OrderProcessing', { orderId, processingAt: at }, at)),
      inOrder(recorded('OrderPutOnHold', { orderId, reason: 'Stock check', heldAt: at }, at)),
      inOrder(recorded('OrderShipped', { orderId, carrier: 'UPS', trackingNumber: '1Z999', shippedAt: at }, at)),
    ]);
    const entry = desk.get(orderId)!;
    expect(entry).toMatchObject({
      customerId: 'c1',
      customerEmail: 'ann@example.com',
      kind: 'order',
      order: { orderId, status: 'Shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z999' } },
    });
    expect(entry.timeline.map(({ actor, summary }) => [actor.kind, actor.email, summary])).toEqual([
      ['customer', 'Ann@Example.com', 'Order LUM2311202600001 placed: 1 line(s), total $99.11'],
      ['customer', 'Ann@Example.com', 'PO submitted (PO-7), card on file Visa ending 1111'],
      ['system', 'workers@labshop.local', 'Invoice issued'],
      ['admin', 'admin@example.com', 'Confirmed'],
      ['admin', 'admin@example.com', 'Processing started'],
      ['admin', 'admin@example.com', 'Put on hold: Stock check'],
      ['admin', 'admin@example.com', 'Shipped by UPS, tracking number 1Z999'],
    ]);
    expect(entry.timeline[3]).toMatchObject({ type: 'OrderConfirmed', at, eventId: expect.any(String) });
  });

  it('marks quotes, records cancellations with their reason, and leaves other streams alone', async () => {
    const quoteId = '9b2f4c1e-0d3a-5e6f-8a7b-1c2d3e4f5a6b';
    const desk = await replay(orderDesk, [
      inOrder(
        orderPlaced(quoteId, 'c1', '2026-11-23T10:00:00.000Z', { orderNumber: 'LUM2311202600002' }),
        customer,
        quoteId,
      ),
      inOrder(
        recorded(
          'QuoteRequested',
          { orderId: quoteId, customerId: 'c1', company: '', name: '', poNumber: 'Q-1', requestedAt: at },
          at,
        ),
        customer,
        quoteId,
      ),
      inOrder(
        recorded('OrderCancelled', { orderId: quoteId, reason: 'Budget cut', cancelledAt: at }, at),
        admin,
        quoteId,
      ),
      // Another stream's events, and an order-number reservation, are no order's.
      recorded('OrderConfirmed', { orderId, confirmedAt: at }, at),
      { ...recorded('OrderNumberReserved', { orderNumber: 'LUM1', sequence: 1 }), stream: 'order-numbers-23112026' },
      // Events of an order stream before its placement are not shown as an order.
      inOrder(recorded('OrderConfirmed', { orderId, confirmedAt: at }, at)),
    ]);
    expect([...desk.keys()]).toEqual([quoteId]);
    expect(desk.get(quoteId)).toMatchObject({
      kind: 'quote',
      order: { status: 'Cancelled', cancellation: { reason: 'Budget cut' } },
    });
    expect(desk.get(quoteId)!.timeline.map((entry) => entry.summary)).toEqual([
      'Order LUM2311202600002 placed: 1 line(s), total $99.11',
      'Quote requested (PO Q-1)',
      'Cancelled: Budget cut',
    ]);
  });
});

/** Order `n`'s id, a uuid as order streams have. */
const orderNo = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
/** Events of orders, each in its own order's stream (the others, such as a cart's, left where they are). */
const inOrders = (events: RecordedEvent[]) =>
  events.map((event) =>
    event.type === 'CartCheckedOut'
      ? event
      : { ...event, stream: orderStream((event.data as { orderId: string }).orderId) },
  );
const poPayment = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7', cardType: 'visa', cardLast4: '1111' };

describe('order-desk projection: what My Orders and My Quotes read', () => {
  it('keeps each placed order as its OrderView, found by customer and kind', async () => {
    const history = await replay(
      orderDesk,
      inOrders([
        orderPlaced(orderNo(1), 'c1', '2026-11-23T10:00:00.000Z'),
        orderPlaced(orderNo(2), 'c2', '2026-11-23T11:00:00.000Z'),
      ]),
    );
    expect(history.get(orderNo(1))).toMatchObject({
      customerId: 'c1',
      kind: 'order',
      order: {
        orderId: orderNo(1),
        placedAt: '2026-11-23T10:00:00.000Z',
        orderNumber: 'LUM2311202600001',
        status: 'Awaiting payment',
        address: testAddress,
        totalCents: 9_911,
        payment: null,
      },
    });
    expect(history.get(orderNo(2))?.customerId).toBe('c2');
  });

  it('records the purchase order with the card type and last four only, and a quote as a quote', async () => {
    const history = await replay(
      orderDesk,
      inOrders([
        orderPlaced(orderNo(3), 'c1', '2026-11-23T10:00:00.000Z'),
        recorded('PurchaseOrderSubmitted', {
          orderId: orderNo(3),
          customerId: 'c1',
          ...poPayment,
          submittedAt: '2026-11-23T10:01:00.000Z',
        }),
        orderPlaced(orderNo(4), 'c1', '2026-11-23T10:02:00.000Z'),
        recorded('QuoteRequested', {
          orderId: orderNo(4),
          customerId: 'c1',
          company: '',
          name: '',
          poNumber: '',
          requestedAt: '2026-11-23T10:03:00.000Z',
        }),
      ]),
    );
    expect(history.get(orderNo(3))).toMatchObject({
      kind: 'order',
      order: { status: 'PO received', payment: { kind: 'purchase-order', ...poPayment } },
    });
    expect(history.get(orderNo(4))).toMatchObject({
      kind: 'quote',
      order: { status: 'Quote requested', payment: { kind: 'quote', company: '', name: '', poNumber: '' } },
    });
  });

  it("follows the order desk's moves: the customer sees the status, the tracking number and the cancellation", async () => {
    const at = '2026-11-24T09:00:00.000Z';
    const history = await replay(
      orderDesk,
      inOrders([
        orderPlaced(orderNo(5), 'c1', '2026-11-23T10:00:00.000Z'),
        recorded('PurchaseOrderSubmitted', { orderId: orderNo(5), customerId: 'c1', ...poPayment, submittedAt: at }),
        recorded('OrderConfirmed', { orderId: orderNo(5), confirmedAt: at }),
        recorded('OrderProcessing', { orderId: orderNo(5), processingAt: at }),
        recorded('OrderPutOnHold', { orderId: orderNo(5), reason: 'Stock check', heldAt: at }),
        recorded('OrderReleased', { orderId: orderNo(5), releasedAt: at }),
        recorded('OrderShipped', { orderId: orderNo(5), carrier: 'FedEx', trackingNumber: '7712', shippedAt: at }),
        orderPlaced(orderNo(6), 'c1', '2026-11-23T11:00:00.000Z'),
        recorded('OrderCancelled', { orderId: orderNo(6), reason: 'Ordered twice', cancelledAt: at }),
      ]),
    );
    expect(history.get(orderNo(5))).toMatchObject({
      kind: 'order',
      heldFrom: null,
      order: {
        status: 'Shipped',
        version: 7,
        shipment: { carrier: 'FedEx', trackingNumber: '7712', shippedAt: at },
        paidAt: null,
      },
    });
    expect(history.get(orderNo(6))?.order).toMatchObject({
      status: 'Cancelled',
      version: 2,
      cancellation: { reason: 'Ordered twice', cancelledAt: at },
      shipment: null,
    });
  });

  it('lists the invoices issued for an order, keeping its status', async () => {
    const issued = {
      orderId: orderNo(7),
      invoiceNumber: 'INV-LUM2311202600001',
      fileName: `${'ab'.repeat(32)}.pdf`,
      sha256: 'ab'.repeat(32),
      size: 3_141,
      issuedAt: '2026-11-23T10:01:00.000Z',
    };
    const history = await replay(
      orderDesk,
      inOrders([
        orderPlaced(orderNo(7), 'c1', '2026-11-23T10:00:00.000Z'),
        recorded('PurchaseOrderSubmitted', {
          orderId: orderNo(7),
          customerId: 'c1',
          ...poPayment,
          submittedAt: '2026-11-23T10:01:00.000Z',
        }),
        recorded('InvoiceIssued', issued),
      ]),
    );
    expect(history.get(orderNo(7))?.order).toMatchObject({
      status: 'PO received',
      version: 3,
      invoices: [
        {
          invoiceNumber: 'INV-LUM2311202600001',
          issuedAt: '2026-11-23T10:01:00.000Z',
          sha256: 'ab'.repeat(32),
          size: 3_141,
        },
      ],
    });
    expect(
      (await replay(orderDesk, inOrders([orderPlaced(orderNo(8), 'c1', '2026-11-23T10:00:00.000Z')]))).get(orderNo(8))
        ?.order.invoices,
    ).toEqual([]);
  });

  it('ignores other events, and payments of orders it never saw', async () => {
    const history = await replay(
      orderDesk,
      inOrders([
        recorded('CartCheckedOut', { commandId: 'x', at: '2026-11-23T10:00:00.000Z', orderId: orderNo(9) }),
        recorded('PurchaseOrderSubmitted', {
          orderId: orderNo(9),
          customerId: 'c1',
          ...poPayment,
          submittedAt: '2026-11-23T10:01:00.000Z',
        }),
      ]),
    );
    expect(history.size).toBe(0);
  });
});

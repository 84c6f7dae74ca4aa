import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { orderPlaced, testAddress } from '../testing/order-events.ts';
import { orderHistory } from './projection.ts';

const payment = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7', cardType: 'visa', cardLast4: '1111' };

describe('order-history projection', () => {
  it('keeps each placed order as its OrderView, found by customer and kind', async () => {
    const history = await replay(orderHistory, [orderPlaced('o-001', 'c1', '2026-11-23T10:00:00.000Z'), orderPlaced('o-002', 'c2', '2026-11-23T11:00:00.000Z')]);
    expect(history.get('o-001')).toMatchObject({
      customerId: 'c1',
      kind: 'order',
      placedAt: '2026-11-23T10:00:00.000Z',
      order: { orderId: 'o-001', orderNumber: 'LUM2311202600001', status: 'Awaiting payment', address: testAddress, totalCents: 9_911, payment: null },
    });
    expect(history.get('o-002')?.customerId).toBe('c2');
  });

  it('records the purchase order with the card type and last four only, and a quote as a quote', async () => {
    const history = await replay(orderHistory, [
      orderPlaced('o-003', 'c1', '2026-11-23T10:00:00.000Z'),
      recorded('PurchaseOrderSubmitted', { orderId: 'o-003', customerId: 'c1', ...payment, submittedAt: '2026-11-23T10:01:00.000Z' }),
      orderPlaced('o-004', 'c1', '2026-11-23T10:02:00.000Z'),
      recorded('QuoteRequested', { orderId: 'o-004', customerId: 'c1', company: '', name: '', poNumber: '', requestedAt: '2026-11-23T10:03:00.000Z' }),
    ]);
    expect(history.get('o-003')).toMatchObject({ kind: 'order', order: { status: 'PO received', payment: { kind: 'purchase-order', ...payment } } });
    expect(history.get('o-004')).toMatchObject({ kind: 'quote', order: { status: 'Quote requested', payment: { kind: 'quote', company: '', name: '', poNumber: '' } } });
  });

  it("follows the order desk's moves: the customer sees the status, the tracking number and the cancellation", async () => {
    const at = '2026-11-24T09:00:00.000Z';
    const history = await replay(orderHistory, [
      orderPlaced('o-005', 'c1', '2026-11-23T10:00:00.000Z'),
      recorded('PurchaseOrderSubmitted', { orderId: 'o-005', customerId: 'c1', ...payment, submittedAt: at }),
      recorded('OrderConfirmed', { orderId: 'o-005', confirmedAt: at }),
      recorded('OrderProcessing', { orderId: 'o-005', processingAt: at }),
      recorded('OrderPutOnHold', { orderId: 'o-005', reason: 'Stock check', heldAt: at }),
      recorded('OrderReleased', { orderId: 'o-005', releasedAt: at }),
      recorded('OrderShipped', { orderId: 'o-005', carrier: 'FedEx', trackingNumber: '7712', shippedAt: at }),
      orderPlaced('o-006', 'c1', '2026-11-23T11:00:00.000Z'),
      recorded('OrderCancelled', { orderId: 'o-006', reason: 'Ordered twice', cancelledAt: at }),
    ]);
    expect(history.get('o-005')).toMatchObject({ kind: 'order', heldFrom: null, order: { status: 'Shipped', version: 7, shipment: { carrier: 'FedEx', trackingNumber: '7712', shippedAt: at }, paidAt: null } });
    expect(history.get('o-006')?.order).toMatchObject({ status: 'Cancelled', version: 2, cancellation: { reason: 'Ordered twice', cancelledAt: at }, shipment: null });
  });

  it('lists the invoices issued for an order, keeping its status', async () => {
    const issued = { orderId: 'o-007', invoiceNumber: 'INV-LUM2311202600001', fileName: `${'ab'.repeat(32)}.pdf`, sha256: 'ab'.repeat(32), size: 3_141, issuedAt: '2026-11-23T10:01:00.000Z' };
    const history = await replay(orderHistory, [
      orderPlaced('o-007', 'c1', '2026-11-23T10:00:00.000Z'),
      recorded('PurchaseOrderSubmitted', { orderId: 'o-007', customerId: 'c1', ...payment, submittedAt: '2026-11-23T10:01:00.000Z' }),
      recorded('InvoiceIssued', issued),
    ]);
    expect(history.get('o-007')?.order).toMatchObject({
      status: 'PO received',
      version: 3,
      invoices: [{ invoiceNumber: 'INV-LUM2311202600001', issuedAt: '2026-11-23T10:01:00.000Z', sha256: 'ab'.repeat(32), size: 3_141 }],
    });
    expect((await replay(orderHistory, [orderPlaced('o-008', 'c1', '2026-11-23T10:00:00.000Z')])).get('o-008')?.order.invoices).toEqual([]);
  });

  it('ignores other events, and payments of orders it never saw', async () => {
    const history = await replay(orderHistory, [
      recorded('CartCheckedOut', { commandId: 'x', at: '2026-11-23T10:00:00.000Z', orderId: 'o-009' }),
      recorded('PurchaseOrderSubmitted', { orderId: 'o-009', customerId: 'c1', ...payment, submittedAt: '2026-11-23T10:01:00.000Z' }),
    ]);
    expect(history.size).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { testOrderLine, testOrderPlacedData } from '../testing/orders.ts';
import type { OrderEvent } from './events.ts';
import { foldOrder } from './fold-order.ts';

const orderId = '00000000-0000-5000-8000-0000000000e1';
const placedData = testOrderPlacedData(orderId, 'c1', '2026-11-23T15:00:00.000Z', {
  lines: [testOrderLine, { ...testOrderLine, detailId: 'd2', packSize: null, quantity: 3, lineTotalCents: 13_500 }],
});
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const submitted = (allocations?: { reserved: number; backordered: number }[]): OrderEvent => ({
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId,
    customerId: 'c1',
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-1',
    cardType: 'visa',
    cardLast4: '1111',
    submittedAt: '2026-11-23T15:01:00.000Z',
    ...(allocations && {
      allocations: allocations.map((held, index) => ({
        detailId: placedData.lines[index]!.detailId,
        packSize: placedData.lines[index]!.packSize,
        ...held,
      })),
    }),
  },
});
const folded = (events: OrderEvent[]) => events.reduce(foldOrder, null);

describe('foldOrder', () => {
  it('ignores the events of an order never placed', () => {
    expect(folded([submitted()])).toBeNull();
  });

  it("shows each line's reserved and backordered units once paid, a line stock did not answer for on backorder", () => {
    const lines = folded([placed, submitted([{ reserved: 1, backordered: 1 }])])!.view.lines;
    expect(lines.map((line) => [line.reservedQuantity, line.backorderedQuantity])).toEqual([
      [1, 1],
      [0, 3],
    ]);
    // Paid before stock was reserved (issue 21): the lines as placed.
    expect(folded([placed, submitted()])!.view.lines).toEqual(placedData.lines);
  });

  it('takes the key a revision was placed with, so the same request again is a retry of the revision', () => {
    const { orderNumber: _n, customerId: _c, placedAt: _p, ...terms } = placedData;
    const revised: OrderEvent = {
      type: 'CheckoutRevised',
      data: { ...terms, idempotencyKey: 'k2', revisedAt: '2026-11-23T15:05:00.000Z' },
    };
    expect(folded([placed, revised])).toMatchObject({ idempotencyKey: 'k2', view: { version: 2 } });
  });
});

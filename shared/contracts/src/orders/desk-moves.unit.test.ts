import { describe, expect, it } from 'vitest';
import type { OrderEvent } from './events.ts';
import { testOrderPlacedData } from '../testing/orders.ts';
import { foldOrder } from './fold-order.ts';
import { spec } from '../testing/decider-spec.ts';
import { orderDecider, type OrderCommand } from './decider.ts';
import { deskMessages, type DeskMove } from './desk-moves.ts';

const orders = spec(orderDecider);
/** The order as the one fold makes it: what the decider decides on and My Orders and the order desk show. */
const shown = (events: OrderEvent[]) => events.reduce(foldOrder, null)!.view;
const at = new Date('2026-11-24T09:00:00.000Z');
const desk = (move: DeskMove, expectedVersion?: number): OrderCommand => ({
  type: 'DeskMove',
  move,
  at,
  expectedVersion,
});

const orderId = '00000000-0000-5000-8000-0000000000a1';
const placedData = testOrderPlacedData(orderId, 'c1', '2026-11-23T15:00:00.000Z', {
  orderNumber: 'LUM2311202612345',
  lines: [],
  subtotalCents: 10_000,
  taxCents: 625,
  totalCents: 10_625,
});
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const poSubmitted: OrderEvent = {
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId,
    customerId: 'c1',
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-7',
    cardType: 'visa',
    cardLast4: '1111',
    submittedAt: '2026-11-23T15:01:00.000Z',
  },
};
const quoteRequested: OrderEvent = {
  type: 'QuoteRequested',
  data: { orderId, customerId: 'c1', company: '', name: '', poNumber: '', requestedAt: '2026-11-23T15:01:00.000Z' },
};
const time = at.toISOString();
const confirmed: OrderEvent = { type: 'OrderConfirmed', data: { orderId, confirmedAt: time } };
const processing: OrderEvent = { type: 'OrderProcessing', data: { orderId, processingAt: time } };
const shipped: OrderEvent = {
  type: 'OrderShipped',
  data: { orderId, carrier: 'UPS', trackingNumber: '1Z999', shippedAt: time },
};
const delivered: OrderEvent = { type: 'OrderDelivered', data: { orderId, deliveredAt: time } };

describe('order desk moves', () => {
  it('walks a purchase order through confirmed, processing, shipped, delivered and closed', () => {
    const history: OrderEvent[] = [placed, poSubmitted];
    const steps: [DeskMove, string][] = [
      [{ kind: 'confirm' }, 'Confirmed'],
      [{ kind: 'process' }, 'Processing'],
      [{ kind: 'ship', carrier: 'UPS', trackingNumber: '1Z999' }, 'Shipped'],
      [{ kind: 'deliver' }, 'Delivered'],
      [{ kind: 'close' }, 'Closed'],
    ];
    for (const [deskMove, status] of steps) {
      const events = orders.given(history).when(desk(deskMove)).events();
      expect(events).toHaveLength(1);
      history.push(...events);
      expect(orders.given(history).state()!.view.status).toBe(status);
    }
    expect(history.slice(2)).toEqual([
      confirmed,
      processing,
      shipped,
      delivered,
      { type: 'OrderClosed', data: { orderId, closedAt: time } },
    ]);
    expect(shown(history)).toMatchObject({
      version: 7,
      shipment: { carrier: 'UPS', trackingNumber: '1Z999', shippedAt: time },
      cancellation: null,
    });
  });

  it('puts an order on hold and releases it back to where it was', () => {
    const heldWhileConfirmed = [
      placed,
      poSubmitted,
      confirmed,
      ...orders
        .given([placed, poSubmitted, confirmed])
        .when(desk({ kind: 'hold', reason: 'Credit check' }))
        .events(),
    ];
    expect(heldWhileConfirmed.at(-1)).toEqual({
      type: 'OrderPutOnHold',
      data: { orderId, reason: 'Credit check', heldAt: time },
    });
    expect(orders.given(heldWhileConfirmed).state()!.view.status).toBe('On hold');
    expect(
      orders
        .given([
          ...heldWhileConfirmed,
          ...orders
            .given(heldWhileConfirmed)
            .when(desk({ kind: 'release' }))
            .events(),
        ])
        .state()!.view.status,
    ).toBe('Confirmed');

    const inProcessing = [placed, poSubmitted, confirmed, processing];
    const heldWhileProcessing = [
      ...inProcessing,
      ...orders
        .given(inProcessing)
        .when(desk({ kind: 'hold', reason: '' }))
        .events(),
    ];
    expect(
      orders
        .given([
          ...heldWhileProcessing,
          ...orders
            .given(heldWhileProcessing)
            .when(desk({ kind: 'release' }))
            .events(),
        ])
        .state()!.view.status,
    ).toBe('Processing');
  });

  it('cancels with a reason any order not yet shipped, and nothing after', () => {
    for (const history of [
      [placed],
      [placed, quoteRequested],
      [placed, poSubmitted],
      [placed, poSubmitted, confirmed, processing],
    ]) {
      const events = orders
        .given(history)
        .when(desk({ kind: 'cancel', reason: 'Customer asked' }))
        .events();
      expect(events).toEqual([
        { type: 'OrderCancelled', data: { orderId, reason: 'Customer asked', cancelledAt: time } },
      ]);
      expect(shown([...history, ...events])).toMatchObject({
        status: 'Cancelled',
        cancellation: { reason: 'Customer asked', cancelledAt: time },
      });
    }
    const error = orders
      .given([placed, poSubmitted, confirmed, processing, shipped])
      .when(desk({ kind: 'cancel', reason: 'Too late' }))
      .refusal();
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'Cannot cancel: this order is Shipped. Only an order that has not shipped (and is not cancelled already) can be cancelled.',
    );
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'x', cancelledAt: time } };
    expect(
      orders
        .given([placed, cancelled])
        .when(desk({ kind: 'cancel', reason: 'again' }))
        .refusal().message,
    ).toMatch(/^Cannot cancel: this order is Cancelled\./);
  });

  it('cancelling an invoiced order credits what is left of its invoice in full, in the same decision', () => {
    const invoiced: OrderEvent = {
      type: 'InvoiceIssued',
      data: {
        orderId,
        invoiceNumber: 'INV-LUM2311202612345',
        fileName: 'a.pdf',
        sha256: 'a',
        size: 1,
        issuedAt: '2026-11-23T15:02:00.000Z',
      },
    };
    const partCredit: OrderEvent = {
      type: 'CreditNoteRequested',
      data: {
        orderId,
        creditNoteNumber: 'CN-LUM2311202612345-1',
        invoiceNumber: 'INV-LUM2311202612345',
        amountCents: 1_000,
        reason: 'Damaged',
        requestedAt: '2026-11-23T16:00:00.000Z',
      },
    };
    const events = orders
      .given([placed, poSubmitted, invoiced, confirmed, partCredit])
      .when(
        desk({
          kind: 'cancel',
          reason: 'Customer asked',
        }),
      )
      .events();
    expect(events).toEqual([
      { type: 'OrderCancelled', data: { orderId, reason: 'Customer asked', cancelledAt: time } },
      {
        type: 'CreditNoteRequested',
        data: {
          orderId,
          creditNoteNumber: 'CN-LUM2311202612345-2',
          invoiceNumber: 'INV-LUM2311202612345',
          amountCents: 9_625,
          reason: 'Order cancelled: Customer asked',
          requestedAt: time,
        },
      },
    ]);
    // Not yet invoiced: nothing to credit.
    expect(
      orders
        .given([placed, poSubmitted])
        .when(desk({ kind: 'cancel', reason: 'Customer asked' }))
        .events(),
    ).toHaveLength(1);
  });

  it('refuses illegal moves as conflicts that name the status and the rule, deciding no event', () => {
    const cases: [OrderEvent[], DeskMove, string][] = [
      [
        [placed],
        { kind: 'confirm' },
        'Cannot confirm: this order is Awaiting payment. Only an order whose purchase order was received, or whose quote was accepted, can be confirmed.',
      ],
      [
        [placed, quoteRequested],
        { kind: 'confirm' },
        'Cannot confirm: this order is Quote requested. Only an order whose purchase order was received, or whose quote was accepted, can be confirmed.',
      ],
      [
        [placed, poSubmitted, confirmed],
        { kind: 'confirm' },
        'Cannot confirm: this order is Confirmed. Only an order whose purchase order was received, or whose quote was accepted, can be confirmed.',
      ],
      [
        [placed, poSubmitted],
        { kind: 'ship', carrier: 'UPS', trackingNumber: '1' },
        'Cannot ship: this order is PO received. Only an order in processing can be shipped.',
      ],
      [
        [placed, poSubmitted, confirmed],
        { kind: 'ship', carrier: 'UPS', trackingNumber: '1' },
        'Cannot ship: this order is Confirmed. Only an order in processing can be shipped.',
      ],
      [
        [placed, poSubmitted],
        { kind: 'hold', reason: '' },
        'Cannot put on hold: this order is PO received. Only a confirmed order or one in processing can be put on hold.',
      ],
      [
        [placed, poSubmitted, confirmed],
        { kind: 'release' },
        'Cannot release: this order is Confirmed. Only an order on hold can be released.',
      ],
      [
        [placed, poSubmitted, confirmed, processing],
        { kind: 'process' },
        'Cannot start processing: this order is Processing. Only a confirmed order can go into processing.',
      ],
      [
        [placed, poSubmitted, confirmed, processing],
        { kind: 'deliver' },
        'Cannot mark delivered: this order is Processing. Only a shipped order can be delivered.',
      ],
      [
        [placed, poSubmitted, confirmed, processing, shipped],
        { kind: 'close' },
        'Cannot close: this order is Shipped. Only a delivered order can be closed.',
      ],
    ];
    for (const [history, deskMove, message] of cases) {
      const error = orders.given(history).when(desk(deskMove)).refusal();
      expect(error.kind, message).toBe('conflict');
      expect(error.message).toBe(message);
    }
  });

  it("marks a purchase order's invoice paid once, leaving the status alone", () => {
    const history = [placed, poSubmitted, confirmed];
    const events = orders
      .given(history)
      .when(desk({ kind: 'mark-paid', reference: 'Cheque 1042' }))
      .events();
    expect(events).toEqual([{ type: 'InvoiceMarkedPaid', data: { orderId, reference: 'Cheque 1042', paidAt: time } }]);
    expect(shown([...history, ...events])).toMatchObject({ status: 'Confirmed', paidAt: time });
    expect(
      orders
        .given([...history, ...events])
        .when(desk({ kind: 'mark-paid', reference: '' }))
        .refusal().message,
    ).toBe(deskMessages.alreadyPaid);
    expect(
      orders
        .given([placed, quoteRequested])
        .when(desk({ kind: 'mark-paid', reference: '' }))
        .refusal().message,
    ).toBe(
      'Cannot mark the invoice paid: this order is Quote requested. Only the invoice of a purchase order or an accepted quote that is not cancelled can be marked paid.',
    );
  });

  it('keeps a hold across a payment', () => {
    const held: OrderEvent = { type: 'OrderPutOnHold', data: { orderId, reason: '', heldAt: time } };
    const paid: OrderEvent = { type: 'InvoiceMarkedPaid', data: { orderId, reference: '', paidAt: time } };
    const history = [placed, poSubmitted, confirmed, processing, held, paid];
    expect(
      orders
        .given([
          ...history,
          ...orders
            .given(history)
            .when(desk({ kind: 'release' }))
            .events(),
        ])
        .state()!.view.status,
    ).toBe('Processing');
  });

  it('refuses a move made on an older version of the order, and an unknown order', () => {
    const history = [placed, poSubmitted];
    expect(
      orders
        .given(history)
        .when(desk({ kind: 'confirm' }, 2))
        .events(),
    ).toHaveLength(1);
    const stale = orders
      .given(history)
      .when(desk({ kind: 'confirm' }, 1))
      .refusal();
    expect(stale).toMatchObject({
      kind: 'conflict',
      message: deskMessages.stale,
      details: { yourVersion: 1, currentVersion: 2 },
    });
    expect(
      orders
        .given([])
        .when(desk({ kind: 'confirm' }))
        .refusal(),
    ).toMatchObject({
      kind: 'not_found',
      message: 'Order not found',
    });
  });
});

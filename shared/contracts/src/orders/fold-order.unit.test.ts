import { describe, expect, it } from 'vitest';
import type { OrderEvent, OrderLine, QuoteSentData } from './events.ts';
import { testAddress, testOrderLine, testOrderPlacedData } from '../testing/orders.ts';
import { foldOrder, orderKindOf } from './fold-order.ts';

const orderId = '00000000-0000-5000-8000-0000000000f1';
const placedAt = '2026-11-23T15:00:00.000Z';
const time = (minute: number) => `2026-11-24T09:${String(minute).padStart(2, '0')}:00.000Z`;
const secondLine: OrderLine = { ...testOrderLine, detailId: 'd2', packSize: null, quantity: 3, lineTotalCents: 13_500 };
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: testOrderPlacedData(orderId, 'c1', placedAt, { orderNumber: 'LUM2311202600001' }),
};
const fold = (events: OrderEvent[]) => events.reduce(foldOrder, null);
/** The order as My Orders and the order desk show it. */
const shown = (events: OrderEvent[]) => fold(events)!.view;

const poSubmitted = (changes: object = {}): OrderEvent => ({
  type: 'PurchaseOrderSubmitted',
  data: {
    orderId,
    customerId: 'c1',
    company: 'Lee Labs',
    name: 'Ann Lee',
    poNumber: 'PO-7',
    cardType: 'visa',
    cardLast4: '1111',
    submittedAt: time(1),
    ...changes,
  },
});
const quoteRequested: OrderEvent = {
  type: 'QuoteRequested',
  data: { orderId, customerId: 'c1', company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-Q', requestedAt: time(1) },
};
const quoteSent = (unitPriceCents: number, changes: object = {}): OrderEvent => ({
  type: 'QuoteSent',
  data: {
    orderId,
    lines: [{ ...testOrderLine, unitPriceCents, lineTotalCents: unitPriceCents * 2 }],
    subtotalCents: unitPriceCents * 2,
    shippingCents: 1_495,
    taxCents: 100,
    totalCents: unitPriceCents * 2 + 1_595,
    expiresAt: '2026-12-01T05:00:00.000Z',
    sentAt: time(2),
    ...changes,
  },
});
const confirmed: OrderEvent = { type: 'OrderConfirmed', data: { orderId, confirmedAt: time(3) } };
const processing: OrderEvent = { type: 'OrderProcessing', data: { orderId, processingAt: time(4) } };
const held: OrderEvent = { type: 'OrderPutOnHold', data: { orderId, reason: 'Customs', heldAt: time(5) } };
const released: OrderEvent = { type: 'OrderReleased', data: { orderId, releasedAt: time(6) } };
const file = { fileName: 'a.pdf', sha256: 'ab12', size: 321 };
const invoiced: OrderEvent = {
  type: 'InvoiceIssued',
  data: { orderId, invoiceNumber: 'INV-LUM2311202600001', ...file, issuedAt: time(7) },
};
const creditRequested = (n: number, amountCents: number): OrderEvent => ({
  type: 'CreditNoteRequested',
  data: {
    orderId,
    creditNoteNumber: `CN-LUM2311202600001-${n}`,
    invoiceNumber: 'INV-LUM2311202600001',
    amountCents,
    reason: `Reason ${n}`,
    requestedAt: time(10 + n),
  },
});

describe('order fold (the read side)', () => {
  it('ignores the events of an order never placed', () => {
    expect(foldOrder(null, confirmed)).toBeNull();
    expect(fold([confirmed, invoiced])).toBeNull();
  });

  it('shows a placed order awaiting payment, at version 1, with no billing address or shipping recorded', () => {
    expect(fold([placed])).toEqual({
      customerId: 'c1',
      idempotencyKey: `key-${orderId}`,
      heldFrom: null,
      view: {
        orderId,
        orderNumber: 'LUM2311202600001',
        placedAt,
        status: 'Awaiting payment',
        lines: [testOrderLine],
        address: testAddress,
        billingAddress: null,
        taxExemptNumber: null,
        taxState: 'LA',
        taxRateBasisPoints: 1012,
        shipping: null,
        subtotalCents: 9_000,
        taxCents: 911,
        totalCents: 9_911,
        payment: null,
        shipment: null,
        cancellation: null,
        paidAt: null,
        version: 1,
        invoices: [],
        quote: null,
        creditNotes: [],
        receipts: [],
      },
    });
  });

  it('takes a revised checkout whole (lines, addresses, tax, shipping, totals, key) and keeps its status', () => {
    const { useForInvoice: _use, ...testBilling } = testAddress;
    const billing = { ...testBilling, city: 'Houston', state: 'TX' };
    const shipping = { method: '2-day' as const, baseCents: 2_995, dryIceSurchargeCents: 0, costCents: 2_995 };
    const revised: OrderEvent = {
      type: 'CheckoutRevised',
      data: {
        orderId,
        lines: [testOrderLine, secondLine],
        address: { ...testAddress, useForInvoice: false },
        billingAddress: billing,
        taxExemptNumber: 'EX-1',
        taxState: 'LA',
        taxRateBasisPoints: 0,
        shipping,
        subtotalCents: 22_500,
        taxCents: 0,
        totalCents: 25_495,
        idempotencyKey: 'k2',
        revisedAt: time(0),
      },
    };
    const order = fold([placed, revised])!;
    expect(order.idempotencyKey).toBe('k2');
    expect(order.view).toMatchObject({
      status: 'Awaiting payment',
      lines: [testOrderLine, secondLine],
      address: { ...testAddress, useForInvoice: false },
      billingAddress: billing,
      taxExemptNumber: 'EX-1',
      taxRateBasisPoints: 0,
      shipping,
      subtotalCents: 22_500,
      taxCents: 0,
      totalCents: 25_495,
      version: 2,
    });
  });

  it('records the purchase order, with what stock reserved and backordered for each line', () => {
    const twoLines: OrderEvent = {
      type: 'OrderPlaced',
      data: { ...(placed.data as object), lines: [testOrderLine, secondLine] } as never,
    };
    const view = shown([
      twoLines,
      poSubmitted({ allocations: [{ detailId: 'd1', packSize: '100 ml', reserved: 1, backordered: 1 }] }),
    ]);
    expect(view).toMatchObject({
      status: 'PO received',
      payment: {
        kind: 'purchase-order',
        company: 'Lee Labs',
        name: 'Ann Lee',
        poNumber: 'PO-7',
        cardType: 'visa',
        cardLast4: '1111',
      },
      version: 2,
    });
    // A line stock has no allocation for is all on backorder.
    expect(view.lines).toEqual([
      { ...testOrderLine, reservedQuantity: 1, backorderedQuantity: 1 },
      { ...secondLine, reservedQuantity: 0, backorderedQuantity: 3 },
    ]);
    // Before stock (issue 21) a purchase order had no allocations: the lines stay as placed.
    expect(shown([twoLines, poSubmitted()]).lines).toEqual([testOrderLine, secondLine]);
  });

  it('walks the fulfilment statuses, one version per event, with the shipment and the cancellation', () => {
    const shipped: OrderEvent = {
      type: 'OrderShipped',
      data: { orderId, carrier: 'UPS', trackingNumber: '1Z9', shippedAt: time(8) },
    };
    const steps: [OrderEvent, string][] = [
      [poSubmitted(), 'PO received'],
      [confirmed, 'Confirmed'],
      [processing, 'Processing'],
      [shipped, 'Shipped'],
      [{ type: 'OrderDelivered', data: { orderId, deliveredAt: time(9) } }, 'Delivered'],
      [{ type: 'OrderClosed', data: { orderId, closedAt: time(10) } }, 'Closed'],
    ];
    const history: OrderEvent[] = [placed];
    for (const [event, status] of steps) {
      history.push(event);
      expect(shown(history)).toMatchObject({ status, version: history.length });
    }
    expect(shown(history).shipment).toEqual({ carrier: 'UPS', trackingNumber: '1Z9', shippedAt: time(8) });
    const cancelled: OrderEvent = {
      type: 'OrderCancelled',
      data: { orderId, reason: 'Duplicate', cancelledAt: time(4) },
    };
    expect(shown([placed, poSubmitted(), cancelled])).toMatchObject({
      status: 'Cancelled',
      cancellation: { reason: 'Duplicate', cancelledAt: time(4) },
      shipment: null,
    });
  });

  it('releases a hold to the status it was put on hold from', () => {
    const fromConfirmed = [placed, poSubmitted(), confirmed, held];
    expect(shown(fromConfirmed).status).toBe('On hold');
    expect(shown([...fromConfirmed, released]).status).toBe('Confirmed');
    const fromProcessing = [placed, poSubmitted(), confirmed, processing, held];
    expect(shown(fromProcessing).status).toBe('On hold');
    expect(shown([...fromProcessing, released]).status).toBe('Processing');
    // A release with no hold to return from resumes as confirmed.
    expect(shown([placed, poSubmitted(), released]).status).toBe('Confirmed');
  });

  it('keeps a hold through documents, payment and credit, which are apart from fulfilment', () => {
    const paid: OrderEvent = { type: 'InvoiceMarkedPaid', data: { orderId, reference: 'Wire 1', paidAt: time(20) } };
    const history: OrderEvent[] = [
      placed,
      poSubmitted(),
      confirmed,
      processing,
      held,
      invoiced,
      paid,
      {
        type: 'PaymentReceiptIssued',
        data: {
          orderId,
          receiptNumber: 'RCT-1',
          invoiceNumber: 'INV-LUM2311202600001',
          amountCents: 9_911,
          paidAt: time(20),
          ...file,
          issuedAt: time(21),
        },
      },
      creditRequested(1, 500),
      {
        type: 'CreditNoteIssued',
        data: {
          orderId,
          creditNoteNumber: 'CN-LUM2311202600001-1',
          invoiceNumber: 'INV-LUM2311202600001',
          amountCents: 500,
          reason: 'Reason 1',
          ...file,
          issuedAt: time(22),
        },
      },
    ];
    expect(shown(history)).toMatchObject({ status: 'On hold', paidAt: time(20), version: 10 });
    expect(shown([...history, released]).status).toBe('Processing');
    // Any fulfilment event ends the hold: a release after it has nothing to return to.
    expect(shown([...history, confirmed, released]).status).toBe('Confirmed');
  });

  it('lists the invoice and the receipt as issued', () => {
    const view = shown([
      placed,
      poSubmitted(),
      invoiced,
      { type: 'InvoiceMarkedPaid', data: { orderId, reference: 'Wire 1', paidAt: time(20) } },
      {
        type: 'PaymentReceiptIssued',
        data: {
          orderId,
          receiptNumber: 'RCT-1',
          invoiceNumber: 'INV-LUM2311202600001',
          amountCents: 9_911,
          paidAt: time(20),
          ...file,
          issuedAt: time(21),
        },
      },
    ]);
    expect(view.invoices).toEqual([
      { invoiceNumber: 'INV-LUM2311202600001', issuedAt: time(7), sha256: 'ab12', size: 321 },
    ]);
    expect(view.receipts).toEqual([
      { receiptNumber: 'RCT-1', amountCents: 9_911, issuedAt: time(21), sha256: 'ab12', size: 321 },
    ]);
    expect(view.status).toBe('PO received');
  });

  it('lists credit notes as requested, and fills in only the one the workers issued', () => {
    const issued: OrderEvent = {
      type: 'CreditNoteIssued',
      data: {
        orderId,
        creditNoteNumber: 'CN-LUM2311202600001-2',
        invoiceNumber: 'INV-LUM2311202600001',
        amountCents: 700,
        reason: 'Reason 2',
        ...file,
        issuedAt: time(30),
      },
    };
    const view = shown([placed, poSubmitted(), invoiced, creditRequested(1, 500), creditRequested(2, 700), issued]);
    expect(view.creditNotes).toEqual([
      {
        creditNoteNumber: 'CN-LUM2311202600001-1',
        invoiceNumber: 'INV-LUM2311202600001',
        amountCents: 500,
        reason: 'Reason 1',
        requestedAt: time(11),
        issuedAt: null,
        sha256: null,
        size: null,
      },
      {
        creditNoteNumber: 'CN-LUM2311202600001-2',
        invoiceNumber: 'INV-LUM2311202600001',
        amountCents: 700,
        reason: 'Reason 2',
        requestedAt: time(12),
        issuedAt: time(30),
        sha256: 'ab12',
        size: 321,
      },
    ]);
    expect(view.status).toBe('PO received');
  });
});

describe('quotes in the order fold', () => {
  it('shows a quote request with its company, name and PO number and no card', () => {
    expect(shown([placed, quoteRequested])).toMatchObject({
      status: 'Quote requested',
      payment: { kind: 'quote', company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-Q' },
      quote: null,
    });
  });

  it('numbers each quote sent, and takes no shipping as 0 on quotes sent before it was charged', () => {
    const { shippingCents: _none, ...old } = quoteSent(4_000).data as QuoteSentData;
    const view = shown([placed, quoteRequested, { type: 'QuoteSent', data: old }]);
    expect(view).toMatchObject({ status: 'Quoted', quote: { shippingCents: 0, revision: 1 } });
    expect(shown([placed, quoteRequested, quoteSent(4_000), quoteSent(3_900)]).quote).toEqual({
      lines: [{ ...testOrderLine, unitPriceCents: 3_900, lineTotalCents: 7_800 }],
      subtotalCents: 7_800,
      shippingCents: 1_495,
      taxCents: 100,
      totalCents: 9_395,
      expiresAt: '2026-12-01T05:00:00.000Z',
      sentAt: time(2),
      revision: 2,
      acceptedAt: null,
      declined: null,
    });
  });

  it('makes the accepted quote the order: its lines (with stock), totals and the PO number given on accepting', () => {
    const accepted: OrderEvent = {
      type: 'QuoteAccepted',
      data: {
        orderId,
        customerId: 'c1',
        acceptedAt: time(40),
        poNumber: '  PO-99 ',
        allocations: [{ detailId: 'd1', packSize: '100 ml', reserved: 2, backordered: 0 }],
      },
    };
    const view = shown([placed, quoteRequested, quoteSent(4_000), accepted]);
    expect(view).toMatchObject({
      status: 'Quote accepted',
      lines: [
        { ...testOrderLine, unitPriceCents: 4_000, lineTotalCents: 8_000, reservedQuantity: 2, backorderedQuantity: 0 },
      ],
      subtotalCents: 8_000,
      taxCents: 100,
      totalCents: 9_595,
      payment: { kind: 'quote', company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-99' },
      quote: { acceptedAt: time(40), revision: 1 },
    });
    expect(orderKindOf(view)).toBe('order');
    expect(orderKindOf(shown([placed, quoteRequested, quoteSent(4_000)]))).toBe('quote');
  });

  it("keeps the request's PO number when none (or a blank one) is given on accepting", () => {
    for (const poNumber of [undefined, '   ']) {
      const accepted = { type: 'QuoteAccepted', data: { orderId, customerId: 'c1', acceptedAt: time(40), poNumber } };
      const view = shown([placed, quoteRequested, quoteSent(4_000), accepted as OrderEvent]);
      expect(view.payment).toEqual({ kind: 'quote', company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-Q' });
      expect(view.lines).toEqual([{ ...testOrderLine, unitPriceCents: 4_000, lineTotalCents: 8_000 }]);
    }
  });

  it('records a declined quote with its reason, and ignores an answer to no quote (but counts its version)', () => {
    const declined: OrderEvent = {
      type: 'QuoteDeclined',
      data: { orderId, customerId: 'c1', reason: 'Too dear', declinedAt: time(41) },
    };
    expect(shown([placed, quoteRequested, quoteSent(4_000), declined])).toMatchObject({
      status: 'Quote declined',
      quote: { declined: { reason: 'Too dear', declinedAt: time(41) }, acceptedAt: null },
    });
    const accepted: OrderEvent = {
      type: 'QuoteAccepted',
      data: { orderId, customerId: 'c1', acceptedAt: time(40), poNumber: 'PO-1' },
    };
    for (const answer of [declined, accepted]) {
      const view = shown([placed, quoteRequested, answer]);
      expect(view).toEqual({ ...shown([placed, quoteRequested]), version: 3 });
    }
  });

  it('tells quotes from orders: a purchase order or an unpaid checkout is an order', () => {
    expect(orderKindOf(shown([placed]))).toBe('order');
    expect(orderKindOf(shown([placed, poSubmitted()]))).toBe('order');
    expect(orderKindOf(shown([placed, quoteRequested]))).toBe('quote');
  });

  it('fails loudly on an event type it does not know', () => {
    expect(() => fold([placed, { type: 'OrderTeleported', data: { orderId } } as never])).toThrow('Unhandled case');
  });
});

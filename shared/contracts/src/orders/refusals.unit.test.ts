import { describe, expect, it } from 'vitest';
import type { OrderEvent } from './events.ts';
import { spec } from '../testing/decider-spec.ts';
import { testOrderPlacedData } from '../testing/orders.ts';
import { orderDecider, type OrderCommand } from './decider.ts';
import type { DeskMove } from './desk-moves.ts';
import type { DocumentRequest } from './documents.ts';

/**
 * What staff, customers and the workers are told when the order deciders refuse: the spec's words, and the
 * details the screens use (the version seen and the current one, the status, what is left to credit).
 */
const orders = spec(orderDecider);
const orderId = '00000000-0000-5000-8000-0000000000b1';
const at = new Date('2026-11-24T09:00:00.000Z');
const time = at.toISOString();
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: testOrderPlacedData(orderId, 'c1', '2026-11-23T15:00:00.000Z', { orderNumber: 'LUM2311202600077' }),
};
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
    submittedAt: time,
  },
};
const quoteRequested: OrderEvent = {
  type: 'QuoteRequested',
  data: { orderId, customerId: 'c1', company: '', name: '', poNumber: 'PO-Q', requestedAt: time },
};
const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'Duplicate', cancelledAt: time } };
const invoiced: OrderEvent = {
  type: 'InvoiceIssued',
  data: { orderId, invoiceNumber: 'INV-LUM2311202600077', fileName: 'a.pdf', sha256: 'a', size: 1, issuedAt: time },
};
const paid: OrderEvent = { type: 'InvoiceMarkedPaid', data: { orderId, reference: 'Wire', paidAt: time } };
const desk = (move: DeskMove, expectedVersion?: number): OrderCommand => ({
  type: 'DeskMove',
  move,
  at,
  expectedVersion,
});
const sendQuote = (unitPricesCents: number[], expiresOn = '2026-11-30'): OrderCommand => ({
  type: 'SendQuote',
  unitPricesCents,
  expiresOn,
  at,
});
const credit = (amountCents: number): OrderCommand => ({ type: 'IssueCreditNote', amountCents, reason: 'Damaged', at });
const issue = (request: DocumentRequest): OrderCommand => ({
  type: 'IssueDocument',
  request,
  file: { fileName: 'b.pdf', sha256: 'b', size: 2 },
  issuedAt: time,
});

describe('order desk moves', () => {
  it('names the move, the status and the rule, with the status in its details', () => {
    orders
      .given([placed])
      .when(desk({ kind: 'ship', carrier: 'UPS', trackingNumber: '1Z' }))
      .thenThrows('conflict', {
        message: 'Cannot ship: this order is Awaiting payment. Only an order in processing can be shipped.',
        details: { status: 'Awaiting payment' },
      });
  });

  it('refuses an order changed since the admin opened it, with both versions', () => {
    orders
      .given([placed, poSubmitted])
      .when(desk({ kind: 'confirm' }, 1))
      .thenThrows('conflict', {
        message: 'Someone else changed this order after you opened it. Reload to see their change, then try again.',
        details: { yourVersion: 1, currentVersion: 2 },
      });
    orders
      .given([])
      .when(desk({ kind: 'confirm' }))
      .thenThrows('not_found', { message: 'Order not found' });
  });

  it('releases a hold with its time', () => {
    const held: OrderEvent = { type: 'OrderPutOnHold', data: { orderId, reason: 'Customs', heldAt: time } };
    const confirmed: OrderEvent = { type: 'OrderConfirmed', data: { orderId, confirmedAt: time } };
    orders
      .given([placed, poSubmitted, confirmed, held])
      .when(desk({ kind: 'release' }))
      .then([{ type: 'OrderReleased', data: { orderId, releasedAt: time } }]);
  });

  it('marks an invoice paid once, and never the invoice of a cancelled order', () => {
    const rule = 'Only the invoice of a purchase order or an accepted quote that is not cancelled can be marked paid.';
    orders
      .given([placed, poSubmitted, cancelled])
      .when(desk({ kind: 'mark-paid', reference: 'Wire' }))
      .thenThrows('conflict', {
        message: `Cannot mark the invoice paid: this order is Cancelled. ${rule}`,
        details: { status: 'Cancelled' },
      });
    orders
      .given([placed, poSubmitted, paid])
      .when(desk({ kind: 'mark-paid', reference: 'Wire' }))
      .thenThrows('conflict', {
        message: 'The invoice of this order is already marked paid.',
        details: { paidAt: time },
      });
  });
});

describe('quote refusals', () => {
  it('says which orders can be quoted, how many prices are needed and from which day a quote can run', () => {
    orders
      .given([placed, poSubmitted])
      .when(sendQuote([4_000]))
      .thenThrows('conflict', {
        message:
          'Cannot send a quote: this order is PO received. Only a quote request, or a quote not yet accepted, can be quoted.',
        details: { status: 'PO received' },
      });
    const count = 'Give a unit price for each of the 1 line(s)';
    orders
      .given([placed, quoteRequested])
      .when(sendQuote([4_000, 1]))
      .thenThrows('invalid', { message: count, fields: { unitPricesCents: count } });
    orders
      .given([placed, quoteRequested])
      .when(sendQuote([4_000], '2026-11-23'))
      .thenThrows('invalid', {
        message: 'Valid until must be today or a later day',
        fields: { expiresOn: 'Valid until must be today or a later day' },
      });
  });

  it('tells the customer a quote cannot be answered, has changed, or has expired', () => {
    const answer = (expectedVersion: number, when = at): OrderCommand => ({
      type: 'AcceptQuote',
      customerId: 'c1',
      at: when,
      expectedVersion,
      poNumber: '',
    });
    orders
      .given([placed, quoteRequested])
      .when(answer(2))
      .thenThrows('conflict', {
        message: 'This quote cannot be accepted: it is quote requested.',
        details: { status: 'Quote requested' },
      });
    orders
      .given([placed, quoteRequested])
      .when({ type: 'DeclineQuote', customerId: 'c1', at, expectedVersion: 2, reason: '' })
      .thenThrows('conflict', { message: 'This quote cannot be declined: it is quote requested.' });
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([4_000]))
        .events(),
    ];
    orders
      .given(quoted)
      .when(answer(2))
      .thenThrows('conflict', {
        message: 'This quote was changed after you opened it. Please review the current prices, then accept again.',
        details: { yourVersion: 2, currentVersion: 3 },
      });
    orders
      .given(quoted)
      .when(answer(3, new Date('2026-12-01T05:00:00.000Z')))
      .thenThrows('conflict', {
        message: 'This quote expired on 2026-11-30. Please ask us for a new quote.',
        details: { expiresAt: '2026-12-01T05:00:00.000Z' },
      });
    orders
      .given(quoted)
      .when({ ...answer(3), customerId: 'c2' } as OrderCommand)
      .thenThrows('not_found', { message: 'Quote not found' });
  });

  it('records the PO number given on accepting without its spaces, and what stock reserved', () => {
    const quoted = [
      placed,
      quoteRequested,
      ...orders
        .given([placed, quoteRequested])
        .when(sendQuote([4_000]))
        .events(),
    ];
    const allocations = [{ detailId: 'd1', packSize: '100 ml', reserved: 1, backordered: 1 }];
    orders
      .given(quoted)
      .when({ type: 'AcceptQuote', customerId: 'c1', at, expectedVersion: 3, poNumber: ' PO-1 ', allocations })
      .then([
        {
          type: 'QuoteAccepted',
          data: { orderId, customerId: 'c1', acceptedAt: time, poNumber: 'PO-1', allocations },
        },
      ]);
  });
});

describe('credit note refusals', () => {
  it('needs an issued invoice, and says what is left to credit', () => {
    orders.given([placed, poSubmitted]).when(credit(100)).thenThrows('conflict', {
      message: 'Cannot issue a credit note: this order has no invoice yet. A credit note corrects an issued invoice.',
    });
    orders
      .given([placed, poSubmitted, invoiced])
      .when(credit(9_912))
      .thenThrows('conflict', {
        message: 'Amount must be at most $99.11, what is left to credit on the invoice',
        fields: { amountCents: 'Amount must be at most $99.11, what is left to credit on the invoice' },
        details: { creditableCents: 9_911 },
      });
    const [fullCredit] = orders.given([placed, poSubmitted, invoiced]).when(credit(9_911)).events();
    orders
      .given([placed, poSubmitted, invoiced, fullCredit!])
      .when(credit(1))
      .thenThrows('conflict', {
        message: 'Nothing is left to credit: the invoice is fully credited already.',
        details: { creditableCents: 0 },
      });
  });
});

describe('document refusals', () => {
  it('names the order that has nothing to issue', () => {
    orders
      .given([placed, poSubmitted, cancelled])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('order_cancelled', {
        message: 'Order LUM2311202600077 was cancelled before its invoice was issued',
      });
    orders
      .given([placed, quoteRequested])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('document_not_issuable', {
        message: 'Order LUM2311202600077 has no purchase order or accepted quote to invoice',
      });
    orders
      .given([placed, poSubmitted, invoiced])
      .when(issue({ kind: 'creditNote', creditNoteNumber: 'CN-LUM2311202600077-1' }))
      .thenThrows('not_found', { message: `Order ${orderId} has no credit note CN-LUM2311202600077-1` });
    orders
      .given([placed, poSubmitted, invoiced])
      .when(issue({ kind: 'receipt' }))
      .thenThrows('document_not_issuable', { message: 'Order LUM2311202600077 has no paid invoice' });
    orders
      .given([])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('not_found', { message: 'Order not found' });
  });

  it('issues each requested credit note as asked, and only an issued one makes a second job a retry', () => {
    const [first] = orders.given([placed, poSubmitted, invoiced]).when(credit(500)).events();
    const [second] = orders.given([placed, poSubmitted, invoiced, first!]).when(credit(700)).events();
    const history = [placed, poSubmitted, invoiced, first!, second!];
    const job = (n: number) => issue({ kind: 'creditNote', creditNoteNumber: `CN-LUM2311202600077-${n}` });
    const issuedFirst = orders.given(history).when(job(1)).events();
    expect(issuedFirst).toMatchObject([
      { type: 'CreditNoteIssued', data: { creditNoteNumber: 'CN-LUM2311202600077-1', amountCents: 500 } },
    ]);
    orders
      .given([...history, ...issuedFirst])
      .when(job(1))
      .then([]);
    expect(
      orders
        .given([...history, ...issuedFirst])
        .when(job(2))
        .events(),
    ).toMatchObject([
      { type: 'CreditNoteIssued', data: { creditNoteNumber: 'CN-LUM2311202600077-2', amountCents: 700 } },
    ]);
  });
});

import { describe, it } from 'vitest';
import { checkoutCancelReasons, type OrderEvent } from './events.ts';
import { spec } from '../testing/decider-spec.ts';
import { testOrderPlacedData } from '../testing/orders.ts';
import { orderDecider, type OrderCommand } from './decider.ts';
import type { DocumentRequest } from './documents.ts';

const orderId = '00000000-0000-5000-8000-0000000000d1';
const placedData = testOrderPlacedData(orderId, 'c1', '2026-11-23T15:00:00.000Z', { orderNumber: 'LUM2311202600042' });
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const submitted: OrderEvent = {
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
  },
};
const file = (n: number) => ({
  fileName: `${String(n).repeat(64)}.pdf`,
  sha256: String(n).repeat(64),
  size: 1_000 + n,
});
const issue = (request: DocumentRequest, n = 1, issuedAt = '2026-11-23T15:01:00.000Z'): OrderCommand => ({
  type: 'IssueDocument',
  request,
  file: file(n),
  issuedAt,
});
const invoiceIssued: OrderEvent = {
  type: 'InvoiceIssued',
  data: { orderId, invoiceNumber: 'INV-LUM2311202600042', ...file(1), issuedAt: '2026-11-23T15:01:00.000Z' },
};
const paid: OrderEvent = {
  type: 'InvoiceMarkedPaid',
  data: { orderId, reference: 'ACH 1', paidAt: '2026-11-25T10:00:00.000Z' },
};
const requested: OrderEvent = {
  type: 'CreditNoteRequested',
  data: {
    orderId,
    creditNoteNumber: 'CN-LUM2311202600042-1',
    invoiceNumber: 'INV-LUM2311202600042',
    amountCents: 500,
    reason: 'Damaged',
    requestedAt: '2026-11-24T10:00:00.000Z',
  },
};
const creditNoteIssued: OrderEvent = {
  type: 'CreditNoteIssued',
  data: {
    orderId,
    creditNoteNumber: 'CN-LUM2311202600042-1',
    invoiceNumber: 'INV-LUM2311202600042',
    amountCents: 500,
    reason: 'Damaged',
    ...file(3),
    issuedAt: '2026-11-24T10:00:00.000Z',
  },
};
const receiptIssued: OrderEvent = {
  type: 'PaymentReceiptIssued',
  data: {
    orderId,
    receiptNumber: 'RCT-LUM2311202600042',
    invoiceNumber: 'INV-LUM2311202600042',
    amountCents: placedData.totalCents,
    paidAt: '2026-11-25T10:00:00.000Z',
    ...file(5),
    issuedAt: '2026-11-25T10:00:00.000Z',
  },
};
const orders = spec(orderDecider);

describe('order decider: the documents the workers issue', () => {
  it('records the invoice of a purchase order with its stored file, numbered by the order', () => {
    orders
      .given([placed, submitted])
      .when(issue({ kind: 'invoice' }))
      .then([invoiceIssued]);
  });

  it('records nothing for a retried job: an order has one invoice, one receipt, and each credit note once', () => {
    orders
      .given([placed, submitted, invoiceIssued])
      .when(issue({ kind: 'invoice' }, 2))
      .then([]);
    orders
      .given([placed, submitted, invoiceIssued, requested, creditNoteIssued])
      .when(issue({ kind: 'creditNote', creditNoteNumber: 'CN-LUM2311202600042-1' }, 4))
      .then([]);
    orders
      .given([placed, submitted, invoiceIssued, paid, receiptIssued])
      .when(issue({ kind: 'receipt' }, 6))
      .then([]);
  });

  it('records a requested credit note as requested, and the receipt of the amount paid', () => {
    orders
      .given([placed, submitted, invoiceIssued, requested])
      .when(issue({ kind: 'creditNote', creditNoteNumber: 'CN-LUM2311202600042-1' }, 3, '2026-11-24T10:00:00.000Z'))
      .then([creditNoteIssued]);
    orders
      .given([placed, submitted, invoiceIssued, paid])
      .when(issue({ kind: 'receipt' }, 5, '2026-11-25T10:00:00.000Z'))
      .then([receiptIssued]);
  });

  it('refuses a document the order has nothing to issue for', () => {
    orders
      .given([placed])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('document_not_issuable');
    orders
      .given([placed, submitted, invoiceIssued])
      .when(issue({ kind: 'receipt' }))
      .thenThrows('document_not_issuable', { kind: 'conflict' });
    orders
      .given([placed, submitted, invoiceIssued])
      .when(issue({ kind: 'creditNote', creditNoteNumber: 'CN-LUM2311202600042-9' }))
      .thenThrows('not_found');
    orders
      .given([])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('not_found');
  });

  it('issues no invoice for an order cancelled before it was invoiced', () => {
    const cancelled: OrderEvent = {
      type: 'OrderCancelled',
      data: { orderId, reason: 'Ordered twice', cancelledAt: '2026-11-23T15:00:30.000Z' },
    };
    orders
      .given([placed, submitted, cancelled])
      .when(issue({ kind: 'invoice' }))
      .thenThrows('order_cancelled', { kind: 'conflict' });
  });
});

describe('order decider: checkout expiry', () => {
  const dueAt = new Date('2026-11-30T15:00:00.000Z');
  const expire = (at: Date): OrderCommand => ({ type: 'ExpireCheckout', at });

  it('cancels a checkout still awaiting payment once its 7 days are up', () => {
    orders
      .given([placed])
      .when(expire(dueAt))
      .then([
        {
          type: 'OrderCancelled',
          data: { orderId, reason: checkoutCancelReasons.expired, cancelledAt: dueAt.toISOString() },
        },
      ]);
  });

  it('leaves alone a checkout not due yet, one paid meanwhile, and an order never placed', () => {
    orders
      .given([placed])
      .when(expire(new Date(dueAt.getTime() - 1)))
      .then([]);
    orders.given([placed, submitted]).when(expire(dueAt)).then([]);
    orders.given([]).when(expire(dueAt)).then([]);
  });
});

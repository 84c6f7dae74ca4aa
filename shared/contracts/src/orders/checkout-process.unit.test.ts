import { describe, expect, it } from 'vitest';
import { spec } from '../testing/decider-spec.ts';
import { testOrderLine } from '../testing/orders.ts';
import {
  checkoutProcess,
  linesToReserve,
  nextCheckoutStep,
  type CheckoutProcessEvent,
  type CheckoutStepOutcome,
  type CheckoutSubmission,
} from './checkout-process.ts';

const checkout = spec(checkoutProcess);

const orderId = '00000000-0000-5000-8000-0000000000c1';
const customerId = 'c1';
const at = new Date('2026-11-23T15:00:00.000Z');
const payment = {
  company: 'Lee Labs',
  name: 'Ann Lee',
  poNumber: 'PO-1',
  cardType: 'visa',
  cardLast4: '4242',
} as const;
const purchaseOrder: CheckoutSubmission = { kind: 'purchase-order', payment };
const quote = { company: 'Lee Labs', name: '', poNumber: '' };
const quoteRequest: CheckoutSubmission = { kind: 'quote-request', quote };
const acceptance: CheckoutSubmission = { kind: 'quote-acceptance', expectedVersion: 2, poNumber: 'PO-9' };
const lines = [{ detailId: 'd1', subproductId: 's1', packSize: '100 ml', quantity: 2 }];
const allocations = [{ detailId: 'd1', packSize: '100 ml', reserved: 1, backordered: 1 }];

const started = (submission: CheckoutSubmission = purchaseOrder): CheckoutProcessEvent => ({
  type: 'CheckoutStarted',
  data: {
    orderId,
    customerId,
    submission,
    lines: submission.kind === 'quote-request' ? [] : lines,
    startedAt: at.toISOString(),
  },
});
const reserved: CheckoutProcessEvent = { type: 'CheckoutStockReserved', data: { orderId, allocations } };
const submitted: CheckoutProcessEvent = { type: 'CheckoutOrderSubmitted', data: { orderId } };
const cartCheckedOut: CheckoutProcessEvent = { type: 'CheckoutCartCheckedOut', data: { orderId } };
const handedOff: CheckoutProcessEvent = { type: 'CheckoutHandedOff', data: { orderId } };
const refusal = { code: 'conflict', message: 'Only an order awaiting payment can be submitted' };
const refused: CheckoutProcessEvent = { type: 'CheckoutSubmissionRefused', data: { orderId, ...refusal } };
const released: CheckoutProcessEvent = { type: 'CheckoutStockReleased', data: { orderId } };

const start = (submission: CheckoutSubmission = purchaseOrder) =>
  ({
    type: 'StartCheckout',
    orderId,
    customerId,
    submission,
    lines: submission.kind === 'quote-request' ? [] : lines,
    at,
  }) as const;
const record = (outcome: CheckoutStepOutcome) => ({ type: 'RecordStep', outcome }) as const;
const stepAfter = (events: CheckoutProcessEvent[]) => nextCheckoutStep(checkout.given(events).state());

describe('the checkout process of a purchase order', () => {
  it('starts once: a process still running is finished before another starts, a finished one lets the next start', () => {
    checkout.given([]).when(start()).then([started()]);
    checkout.given([started()]).when(start()).then([]);
    checkout.given([started(), reserved, submitted]).when(start()).then([]);
    checkout.given([started(), reserved, submitted, cartCheckedOut, handedOff]).when(start()).then([started()]);
  });

  it('reserves, submits with the allocations, checks the cart out, hands off to the workers, then is over', () => {
    expect(stepAfter([started()])).toEqual({ type: 'ReserveStock', orderId, lines, at });
    expect(stepAfter([started(), reserved])).toEqual({
      type: 'SubmitToOrder',
      orderId,
      command: { type: 'SubmitPurchaseOrder', customerId, payment, at, allocations },
      submissionEvent: 'PurchaseOrderSubmitted',
    });
    expect(stepAfter([started(), reserved, submitted])).toEqual({ type: 'CheckOutCart', orderId, customerId, at });
    expect(stepAfter([started(), reserved, submitted, cartCheckedOut])).toEqual({
      type: 'HandOff',
      orderId,
      submissionEvent: 'PurchaseOrderSubmitted',
    });
    expect(stepAfter([started(), reserved, submitted, cartCheckedOut, handedOff])).toBeNull();
    expect(stepAfter([])).toBeNull();
  });

  it('records each step once: the pending step is recorded, one already recorded (another runner resumed it) is not', () => {
    checkout
      .given([started()])
      .when(record({ step: 'ReserveStock', allocations }))
      .then([reserved]);
    checkout
      .given([started(), reserved])
      .when(record({ step: 'ReserveStock', allocations }))
      .then([]);
    checkout
      .given([started(), reserved])
      .when(record({ step: 'SubmitToOrder', refusal: null }))
      .then([submitted]);
    checkout
      .given([started(), reserved, submitted])
      .when(record({ step: 'CheckOutCart' }))
      .then([cartCheckedOut]);
    checkout
      .given([started(), reserved, submitted, cartCheckedOut])
      .when(record({ step: 'HandOff' }))
      .then([handedOff]);
    // Out of turn (the cart before the order took the submission), or with no process at all: nothing.
    checkout
      .given([started(), reserved])
      .when(record({ step: 'CheckOutCart' }))
      .then([]);
    checkout
      .given([])
      .when(record({ step: 'HandOff' }))
      .then([]);
  });

  it('gives back what it reserved when the order refuses the submission when it comes to it, and ends there', () => {
    checkout
      .given([started(), reserved])
      .when(record({ step: 'SubmitToOrder', refusal }))
      .then([refused]);
    expect(stepAfter([started(), reserved, refused])).toEqual({ type: 'ReleaseStock', orderId, lines, at });
    checkout
      .given([started(), reserved, refused])
      .when(record({ step: 'ReleaseStock' }))
      .then([released]);
    expect(stepAfter([started(), reserved, refused, released])).toBeNull();
    // Refused and over: the customer may submit again (the order decides whether it takes it).
    checkout.given([started(), reserved, refused, released]).when(start()).then([started()]);
  });
});

describe('the checkout process of a quote', () => {
  it('a quote request reserves nothing: it submits, checks the cart out and hands off', () => {
    expect(stepAfter([started(quoteRequest)])).toEqual({
      type: 'SubmitToOrder',
      orderId,
      command: {
        type: 'RequestQuote',
        customerId,
        quote,
        at,
      },
      submissionEvent: 'QuoteRequested',
    });
    expect(stepAfter([started(quoteRequest), submitted])).toMatchObject({ type: 'CheckOutCart' });
    // Refused with nothing reserved: nothing to give back.
    expect(stepAfter([started(quoteRequest), refused])).toBeNull();
  });

  it('an acceptance reserves the quoted lines and hands off, but leaves the cart alone (it was checked out when the quote was asked for)', () => {
    expect(stepAfter([started(acceptance), reserved])).toEqual({
      type: 'SubmitToOrder',
      orderId,
      command: { type: 'AcceptQuote', customerId, at, expectedVersion: 2, poNumber: 'PO-9', allocations },
      submissionEvent: 'QuoteAccepted',
    });
    expect(stepAfter([started(acceptance), reserved, submitted])).toEqual({
      type: 'HandOff',
      orderId,
      submissionEvent: 'QuoteAccepted',
    });
    const quoted = {
      lines: [{ ...testOrderLine, detailId: 'd2', quantity: 5 }],
      totalCents: 1,
      expiresAt: '',
      acceptedAt: null,
    };
    expect(linesToReserve(acceptance, { lines: [testOrderLine], quote: quoted })).toEqual([
      { detailId: 'd2', subproductId: 's1', packSize: '100 ml', quantity: 5 },
    ]);
    expect(linesToReserve(purchaseOrder, { lines: [testOrderLine], quote: null })).toEqual([
      { detailId: 'd1', subproductId: 's1', packSize: '100 ml', quantity: 2 },
    ]);
    expect(linesToReserve(quoteRequest, { lines: [testOrderLine], quote: null })).toEqual([]);
  });
});

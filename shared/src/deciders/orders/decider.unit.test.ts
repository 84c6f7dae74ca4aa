import { describe, expect, it } from 'vitest';
import type { CartLineView, CartView } from '../../queries/carts.ts';
import { spec } from '../../testing/decider-spec.ts';
import { testAddress } from '../../testing/orders.ts';
import { orderDecider, orderMessages, type OrderCommand, type OrderPlacement } from './decider.ts';

const orders = spec(orderDecider);

const customerId = 'c1';
const orderId = '00000000-0000-5000-8000-0000000000a1';
const placedAt = new Date('2026-11-23T15:00:00.000Z');

const line = (changes: Partial<CartLineView>): CartLineView => {
  const base: CartLineView = {
    detailId: 'd1',
    subproductId: 's1',
    packSize: '100 ml',
    quantity: 2,
    unitPriceCents: 4_500,
    listPriceCents: 5_000,
    discountPercent: 10,
    previousUnitPriceCents: null,
    lineTotalCents: 9_000,
    productName: 'Exosome kit',
    productType: 'Kit A',
    catalogNumber: 'EX-100',
    innerPackageId: 'PK-1',
    imageUrl: '/content/a.png',
    productPath: '/exosome-kit/s1',
    available: true,
  };
  const merged = { ...base, ...changes };
  return { ...merged, lineTotalCents: merged.unitPriceCents * merged.quantity };
};

const cartOf = (lines: CartLineView[]): CartView => ({
  cartId: customerId,
  lines,
  itemCount: lines.reduce((sum, item) => sum + item.quantity, 0),
  subtotalCents: lines.filter((item) => item.available).reduce((sum, item) => sum + item.lineTotalCents, 0),
  updatedAt: placedAt.toISOString(),
  expiresAt: null,
  revision: 3,
});

const address = testAddress;

const twoLines = cartOf([line({}), line({ detailId: 'd2', packSize: null, quantity: 1, unitPriceCents: 1_999, listPriceCents: 1_999, discountPercent: 0 })]);

const placement = (changes: Partial<OrderPlacement> = {}): OrderPlacement => ({
  orderId,
  customerId,
  idempotencyKey: 'k1',
  cart: twoLines,
  expectedSubtotalCents: twoLines.subtotalCents,
  address,
  billingAddress: null,
  taxExemptNumber: null,
  placedAt,
  requestFingerprint: 'f1',
  ...changes,
});
const place = (changes: Partial<OrderPlacement> = {}): OrderCommand => ({ type: 'PlaceOrder', orderNumber: 'LUM2311202600042', ...placement(changes) });

const placed = orders.given([]).when(place()).events();
const payment = { company: 'Lee Labs', name: 'Ann Lee', poNumber: 'PO-7', cardType: 'visa' as const, cardLast4: '1111' };

describe('order decider', () => {
  it('places the priced cart with Louisiana tax rounded half-up once on the subtotal', () => {
    // 9000 + 1999 = 10999 cents; 10.12% of it is 1113.0988 → 1113.
    expect(placed).toEqual([
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          orderNumber: 'LUM2311202600042',
          customerId,
          lines: [
            expect.objectContaining({ detailId: 'd1', packSize: '100 ml', quantity: 2, unitPriceCents: 4_500, listPriceCents: 5_000, discountPercent: 10, lineTotalCents: 9_000, catalogNumber: 'EX-100', innerPackageId: 'PK-1' }),
            expect.objectContaining({ detailId: 'd2', packSize: null, quantity: 1, unitPriceCents: 1_999, lineTotalCents: 1_999 }),
          ],
          address,
          billingAddress: null,
          taxExemptNumber: null,
          taxState: 'LA',
          taxRateBasisPoints: 1012,
          subtotalCents: 10_999,
          taxCents: 1_113,
          totalCents: 12_112,
          idempotencyKey: 'k1',
          placedAt: '2026-11-23T15:00:00.000Z',
          requestFingerprint: 'f1',
        },
      },
    ]);
    expect(Object.keys((placed[0]!.data as { lines: object[] }).lines[0]!)).not.toContain('available');
  });

  it('revises the open checkout when only the billing address changed, and not when it is the same again', () => {
    const billingAddress = { firstName: 'Bea', lastName: 'Payable', email: 'ap@example.com', company: 'Lee Labs', phone: '555-0199', address1: '77 Ledger Ave', address2: '', city: 'Houston', state: 'TX', zipCode: '77002' };
    const withBilling = { address: { ...address, useForInvoice: false }, billingAddress, idempotencyKey: 'k2' };
    const revised = orders.given(placed).when(place(withBilling)).events();
    expect(revised).toEqual([{ type: 'CheckoutRevised', data: expect.objectContaining({ billingAddress, address: withBilling.address }) }]);
    orders.given([...placed, ...revised]).when(place({ ...withBilling, idempotencyKey: 'k3' })).then([]);
  });

  it('rounds a half cent up', () => {
    // 125 cents × 10.12% = 12.65 cents → 13.
    const cart = cartOf([line({ quantity: 1, unitPriceCents: 125, listPriceCents: 125, discountPercent: 0 })]);
    const [event] = orders.given([]).when(place({ cart, expectedSubtotalCents: 125 })).events();
    expect(event?.data).toMatchObject({ subtotalCents: 125, taxCents: 13, totalCents: 138 });
  });

  it('charges no tax with a Tax Exempt Number and records it', () => {
    const [event] = orders.given([]).when(place({ taxExemptNumber: '  EX-9 ' })).events();
    expect(event?.data).toMatchObject({ taxExemptNumber: 'EX-9', taxState: 'LA', taxRateBasisPoints: 0, taxCents: 0, totalCents: 10_999 });
  });

  it('orders only the lines the catalogue still sells', () => {
    const cart = cartOf([line({}), line({ detailId: 'gone', available: false })]);
    const [event] = orders.given([]).when(place({ cart, expectedSubtotalCents: 9_000 })).events();
    expect((event?.data as { lines: { detailId: string }[] }).lines.map((item) => item.detailId)).toEqual(['d1']);
  });

  it('refuses a cart with nothing to order (empty, expired or only unavailable lines)', () => {
    for (const cart of [cartOf([]), cartOf([line({ available: false })])]) {
      orders.given([]).when(place({ cart, expectedSubtotalCents: 0 })).thenThrows('invalid', { message: orderMessages.emptyCart });
    }
  });

  it('refuses with the new cart when the prices moved since the customer saw them', () => {
    const error = orders.given([]).when(place({ expectedSubtotalCents: 10_000 })).refusal();
    expect([error.code, error.message, error.details]).toEqual(['conflict', orderMessages.pricesChanged, { cart: twoLines }]);
  });

  it('answers a retry of the same placement with no new event, whatever the cart holds by then', () => {
    orders.given(placed).when(place({ cart: cartOf([]), expectedSubtotalCents: 5 })).then([]);
  });

  it('takes a purchase order with the card reduced to type and last four, once', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const submitted = orders.given(placed).when({ type: 'SubmitPurchaseOrder', customerId, payment, at }).events();
    expect(submitted).toEqual([{ type: 'PurchaseOrderSubmitted', data: { orderId, customerId, ...payment, submittedAt: at.toISOString() } }]);
    const afterSubmit = orders.given([...placed, ...submitted]);
    expect(afterSubmit.state()?.view).toMatchObject({ status: 'PO received', payment: { kind: 'purchase-order', ...payment } });

    afterSubmit.when({ type: 'SubmitPurchaseOrder', customerId, payment, at }).thenThrows('order_already_submitted', { kind: 'conflict', message: orderMessages.alreadySubmitted });
    afterSubmit.when({ type: 'RequestQuote', customerId, quote: { company: '', name: '', poNumber: '' }, at }).thenThrows('order_already_submitted', { kind: 'conflict' });
  });

  it('turns the order into a quote request with no card at all', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const quote = { company: 'Lee Labs', name: '', poNumber: '' };
    const requested = orders.given(placed).when({ type: 'RequestQuote', customerId, quote, at }).events();
    expect(requested).toEqual([{ type: 'QuoteRequested', data: { orderId, customerId, ...quote, requestedAt: at.toISOString() } }]);
    expect(orders.given([...placed, ...requested]).state()?.view).toMatchObject({ status: 'Quote requested', payment: { kind: 'quote', ...quote } });
  });

  it("answers someone else's order, and an order never placed, as not found", () => {
    const at = new Date();
    for (const [events, who] of [[placed, 'someone-else'], [[], customerId]] as const) {
      orders.given(events).when({ type: 'SubmitPurchaseOrder', customerId: who, payment, at }).thenThrows('not_found', { message: orderMessages.notFound });
    }
  });

  it('shows a placed order as awaiting payment', () => {
    expect(orders.given(placed).state()).toMatchObject({ customerId, idempotencyKey: 'k1', view: { orderId, orderNumber: 'LUM2311202600042', status: 'Awaiting payment', payment: null, totalCents: 12_112 } });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import type { OrderEvent } from './events.ts';
import type { CartLineView, CartView } from '../carts/queries.ts';
import { spec } from '../testing/decider-spec.ts';
import { testAddress } from '../testing/orders.ts';
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

const twoLines = cartOf([
  line({}),
  line({
    detailId: 'd2',
    packSize: null,
    quantity: 1,
    unitPriceCents: 1_999,
    listPriceCents: 1_999,
    discountPercent: 0,
  }),
]);

const placement = (changes: Partial<OrderPlacement> = {}): OrderPlacement => ({
  orderId,
  customerId,
  idempotencyKey: 'k1',
  cart: twoLines,
  expectedSubtotalCents: twoLines.subtotalCents,
  address,
  billingAddress: null,
  taxExemptNumber: null,
  shippingMethod: 'ground',
  dryIceDetailIds: new Set(),
  placedAt,
  requestFingerprint: 'f1',
  ...changes,
});
const place = (changes: Partial<OrderPlacement> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  orderNumber: 'LUM2311202600042',
  ...placement(changes),
});

// Decided in each test, not once at collection: mutation testing (Stryker) then knows which tests cover placing.
let placed: OrderEvent[] = [];
beforeEach(() => {
  placed = orders.given([]).when(place()).events();
});
const payment = {
  company: 'Lee Labs',
  name: 'Ann Lee',
  poNumber: 'PO-7',
  cardType: 'visa' as const,
  cardLast4: '1111',
};

describe('order decider: checkout refusals and their words', () => {
  it('tells the customer why a placement is refused, in the words of the spec', () => {
    orders
      .given([])
      .when(place({ cart: cartOf([]), expectedSubtotalCents: 0 }))
      .thenThrows('invalid', { message: 'Your cart is empty' });
    orders
      .given([])
      .when(place({ expectedSubtotalCents: 1 }))
      .thenThrows('conflict', {
        message: 'Prices changed since you saw them. Please check the new prices and place your order again.',
      });
    orders
      .given([])
      .when(place({ address: { ...address, state: 'ZZ' } }))
      .thenThrows('invalid', {
        message: 'Please choose a state from the list',
        fields: { 'address.state': 'Please choose a state from the list' },
      });
  });

  it('checks a new placement of an open checkout again, but answers a paid or cancelled one with nothing', () => {
    const emptyAgain = place({ cart: cartOf([]), expectedSubtotalCents: 0, idempotencyKey: 'k2' });
    orders.given(placed).when(emptyAgain).thenThrows('invalid', { message: orderMessages.emptyCart });
    const submitted = orders
      .given(placed)
      .when({ type: 'SubmitPurchaseOrder', customerId, payment, at: placedAt })
      .events();
    orders
      .given([...placed, ...submitted])
      .when(emptyAgain)
      .then([]);
    orders
      .given([...placed, ...submitted])
      .when(place({ idempotencyKey: 'k2', shippingMethod: 'overnight' }))
      .then([]);
  });

  it('surcharges dry ice when only one of the lines ships on it', () => {
    const [event] = orders
      .given([])
      .when(place({ dryIceDetailIds: new Set(['d2']) }))
      .events();
    expect(event?.data).toMatchObject({
      shipping: { method: 'ground', baseCents: 1_495, dryIceSurchargeCents: 3_500, costCents: 4_995 },
      subtotalCents: 10_999,
    });
  });

  it('keeps what stock reserved with the purchase order', () => {
    const allocations = [
      { detailId: 'd1', packSize: '100 ml', reserved: 2, backordered: 0 },
      { detailId: 'd2', packSize: null, reserved: 0, backordered: 1 },
    ];
    const [event] = orders
      .given(placed)
      .when({ type: 'SubmitPurchaseOrder', customerId, payment, at: placedAt, allocations })
      .events();
    expect(event?.data).toMatchObject({ allocations });
  });

  it("lets the customer cancel their own unpaid checkout, and nobody else's, once", () => {
    const at = new Date('2026-11-24T10:00:00.000Z');
    const cancel: OrderCommand = { type: 'CancelCheckout', customerId, at };
    const cancelled = orders.given(placed).when(cancel).events();
    expect(cancelled).toEqual([
      {
        type: 'OrderCancelled',
        data: { orderId, reason: 'Cancelled by the customer before payment', cancelledAt: at.toISOString() },
      },
    ]);
    orders
      .given(placed)
      .when({ ...cancel, customerId: 'someone-else' })
      .thenThrows('not_found', { message: 'Order not found' });
    orders.given([]).when(cancel).thenThrows('not_found', { message: 'Order not found' });
    const notCancellable = 'Only an order awaiting payment can be cancelled here. Please contact us to cancel it.';
    orders
      .given([...placed, ...cancelled])
      .when(cancel)
      .thenThrows('conflict', { message: notCancellable });
    const submitted = orders.given(placed).when({ type: 'SubmitPurchaseOrder', customerId, payment, at }).events();
    orders
      .given([...placed, ...submitted])
      .when(cancel)
      .thenThrows('conflict', { message: notCancellable });
  });

  it('fails loudly on a command it does not know', () => {
    expect(() =>
      orders
        .given(placed)
        .when({ type: 'Teleport', at: placedAt } as never)
        .events(),
    ).toThrow('Unhandled case');
  });

  it('refuses a second payment in words, and expires nothing that was never placed', () => {
    const at = new Date('2026-12-24T10:00:00.000Z');
    const submitted = orders.given(placed).when({ type: 'SubmitPurchaseOrder', customerId, payment, at }).events();
    orders
      .given([...placed, ...submitted])
      .when({ type: 'SubmitPurchaseOrder', customerId, payment, at })
      .thenThrows('order_already_submitted', { message: 'This order has already been submitted' });
    orders.given([]).when({ type: 'ExpireCheckout', at }).then([]);
  });
});

describe('order decider', () => {
  it('places the priced cart with its shipping and Louisiana tax rounded half-up once on subtotal and shipping', () => {
    // 9000 + 1999 = 10999 cents, Ground 1495; 10.12% of 12494 is 1264.3928 → 1264.
    expect(placed).toEqual([
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          orderNumber: 'LUM2311202600042',
          customerId,
          lines: [
            expect.objectContaining({
              detailId: 'd1',
              packSize: '100 ml',
              quantity: 2,
              unitPriceCents: 4_500,
              listPriceCents: 5_000,
              discountPercent: 10,
              lineTotalCents: 9_000,
              catalogNumber: 'EX-100',
              innerPackageId: 'PK-1',
            }),
            expect.objectContaining({
              detailId: 'd2',
              packSize: null,
              quantity: 1,
              unitPriceCents: 1_999,
              lineTotalCents: 1_999,
            }),
          ],
          address,
          billingAddress: null,
          taxExemptNumber: null,
          taxState: 'LA',
          taxRateBasisPoints: 1012,
          shipping: { method: 'ground', baseCents: 1_495, dryIceSurchargeCents: 0, costCents: 1_495 },
          subtotalCents: 10_999,
          taxCents: 1_264,
          totalCents: 13_758,
          idempotencyKey: 'k1',
          placedAt: '2026-11-23T15:00:00.000Z',
          requestFingerprint: 'f1',
        },
      },
    ]);
    expect(Object.keys((placed[0]!.data as { lines: object[] }).lines[0]!)).not.toContain('available');
  });

  it('revises the open checkout when only the billing address changed, and not when it is the same again', () => {
    const billingAddress = {
      firstName: 'Bea',
      lastName: 'Payable',
      email: 'ap@example.com',
      company: 'Lee Labs',
      phone: '555-0199',
      address1: '77 Ledger Ave',
      address2: '',
      city: 'Houston',
      state: 'TX',
      zipCode: '77002',
    };
    const withBilling = { address: { ...address, useForInvoice: false }, billingAddress, idempotencyKey: 'k2' };
    const revised = orders.given(placed).when(place(withBilling)).events();
    expect(revised).toEqual([
      { type: 'CheckoutRevised', data: expect.objectContaining({ billingAddress, address: withBilling.address }) },
    ]);
    orders
      .given([...placed, ...revised])
      .when(place({ ...withBilling, idempotencyKey: 'k3' }))
      .then([]);
  });

  it('rounds a half cent up', () => {
    // (2255 + Ground 1495) cents × 10.12% = 379.5 cents → 380.
    const cart = cartOf([line({ quantity: 1, unitPriceCents: 2_255, listPriceCents: 2_255, discountPercent: 0 })]);
    const [event] = orders
      .given([])
      .when(place({ cart, expectedSubtotalCents: 2_255 }))
      .events();
    expect(event?.data).toMatchObject({
      subtotalCents: 2_255,
      shipping: { costCents: 1_495 },
      taxCents: 380,
      totalCents: 4_130,
    });
  });

  it('charges no tax with a Tax Exempt Number and records it, on the goods nor on the shipping', () => {
    const [event] = orders
      .given([])
      .when(place({ taxExemptNumber: '  EX-9 ' }))
      .events();
    expect(event?.data).toMatchObject({
      taxExemptNumber: 'EX-9',
      taxState: 'LA',
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 10_999 + 1_495,
    });
  });

  it('adds the dry-ice surcharge once when any line ships on dry ice, and taxes it with the rest', () => {
    // 10999 + Overnight 5495 + dry ice 3500 = 19994; 10.12% is 2023.39 → 2023.
    const [event] = orders
      .given([])
      .when(place({ shippingMethod: 'overnight', dryIceDetailIds: new Set(['d1', 'd2']) }))
      .events();
    expect(event?.data).toMatchObject({
      shipping: { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 },
      subtotalCents: 10_999,
      taxCents: 2_023,
      totalCents: 22_017,
    });
    // A dry-ice detail whose line is no longer sold surcharges nothing.
    const cart = cartOf([line({}), line({ detailId: 'cold', available: false })]);
    const [without] = orders
      .given([])
      .when(place({ cart, expectedSubtotalCents: 9_000, dryIceDetailIds: new Set(['cold']) }))
      .events();
    expect(without?.data).toMatchObject({ shipping: { dryIceSurchargeCents: 0, costCents: 1_495 } });
  });

  it('revises the open checkout when only the shipping method changed, and not when it is the same again', () => {
    const revised = orders
      .given(placed)
      .when(place({ shippingMethod: '2-day', idempotencyKey: 'k2' }))
      .events();
    expect(revised).toEqual([
      {
        type: 'CheckoutRevised',
        data: expect.objectContaining({
          shipping: { method: '2-day', baseCents: 2_995, dryIceSurchargeCents: 0, costCents: 2_995 },
          totalCents: 10_999 + 2_995 + 1_416,
        }),
      },
    ]);
    expect(orders.given([...placed, ...revised]).state()!.view).toMatchObject({
      shipping: { method: '2-day', costCents: 2_995 },
      totalCents: 15_410,
    });
    orders
      .given([...placed, ...revised])
      .when(place({ shippingMethod: '2-day', idempotencyKey: 'k3' }))
      .then([]);
  });

  it("the shipping step's choice revises the placed order's shipping, tax and total alone, keeping its dry ice, key and fingerprint", () => {
    const at = new Date('2026-11-23T15:02:00.000Z');
    const choose = (shippingMethod: 'ground' | 'overnight', who = customerId): OrderCommand => ({
      type: 'ChooseShippingMethod',
      customerId: who,
      shippingMethod,
      requestFingerprint: 'f1',
      at,
    });
    // Placed at Ground with a dry-ice line: 10999 + Overnight 5495 + dry ice 3500 = 19994; 10.12% is 2023.39 → 2023.
    const cold = orders
      .given([])
      .when(place({ dryIceDetailIds: new Set(['d1']) }))
      .events();
    const chosen = orders.given(cold).when(choose('overnight')).events();
    const { revisedAt: _at, ...terms } = chosen[0]!.data as Record<string, unknown>;
    const { orderNumber: _n, customerId: _c, placedAt: _p, ...placedTerms } = cold[0]!.data as Record<string, unknown>;
    expect(chosen).toEqual([
      { type: 'CheckoutRevised', data: expect.objectContaining({ revisedAt: at.toISOString() }) },
    ]);
    expect(terms).toEqual({
      ...placedTerms,
      shipping: { method: 'overnight', baseCents: 5_495, dryIceSurchargeCents: 3_500, costCents: 8_995 },
      taxCents: 2_023,
      totalCents: 22_017,
    });
    // The same method again changes nothing; someone else's order is not found; a paid or cancelled one is closed.
    orders
      .given([...cold, ...chosen])
      .when(choose('overnight'))
      .then([]);
    orders.given(cold).when(choose('overnight', 'someone-else')).thenThrows('not_found');
    orders
      .given([...cold, { type: 'PurchaseOrderSubmitted', data: { orderId, customerId, ...payment, submittedAt: '' } }])
      .when(choose('ground'))
      .thenThrows('order_already_submitted');
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { orderId, reason: 'r', cancelledAt: '' } };
    orders
      .given([...cold, cancelled])
      .when(choose('ground'))
      .thenThrows('conflict', { message: orderMessages.checkoutClosed });
  });

  it('folds an order placed before shipping was charged with no shipping and its totals as recorded', () => {
    const { shipping: _none, ...before } = placed[0]!.data as Record<string, unknown>;
    const old = orders
      .given([{ type: 'OrderPlaced', data: { ...before, taxCents: 1_113, totalCents: 12_112 } } as OrderEvent])
      .state()!.view;
    expect(old).toMatchObject({ shipping: null, totalCents: 12_112 });
  });

  it('orders only the lines the catalogue still sells', () => {
    const cart = cartOf([line({}), line({ detailId: 'gone', available: false })]);
    const [event] = orders
      .given([])
      .when(place({ cart, expectedSubtotalCents: 9_000 }))
      .events();
    expect((event?.data as { lines: { detailId: string }[] }).lines.map((item) => item.detailId)).toEqual(['d1']);
  });

  it('refuses a cart with nothing to order (empty, expired or only unavailable lines)', () => {
    for (const cart of [cartOf([]), cartOf([line({ available: false })])]) {
      orders
        .given([])
        .when(place({ cart, expectedSubtotalCents: 0 }))
        .thenThrows('invalid', { message: orderMessages.emptyCart });
    }
  });

  it('refuses with the new cart when the prices moved since the customer saw them', () => {
    const error = orders
      .given([])
      .when(place({ expectedSubtotalCents: 10_000 }))
      .refusal();
    expect([error.code, error.message, error.details]).toEqual([
      'conflict',
      orderMessages.pricesChanged,
      { cart: twoLines },
    ]);
  });

  it('answers a retry of the same placement with no new event, whatever the cart holds by then', () => {
    orders
      .given(placed)
      .when(place({ cart: cartOf([]), expectedSubtotalCents: 5 }))
      .then([]);
  });

  it('takes a purchase order with the card reduced to type and last four, once', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const submitted = orders.given(placed).when({ type: 'SubmitPurchaseOrder', customerId, payment, at }).events();
    expect(submitted).toEqual([
      { type: 'PurchaseOrderSubmitted', data: { orderId, customerId, ...payment, submittedAt: at.toISOString() } },
    ]);
    const afterSubmit = orders.given([...placed, ...submitted]);
    expect(afterSubmit.state()!.view).toMatchObject({ status: 'PO received', payment: { kind: 'purchase-order' } });

    afterSubmit
      .when({ type: 'SubmitPurchaseOrder', customerId, payment, at })
      .thenThrows('order_already_submitted', { kind: 'conflict', message: orderMessages.alreadySubmitted });
    afterSubmit
      .when({ type: 'RequestQuote', customerId, quote: { company: '', name: '', poNumber: '' }, at })
      .thenThrows('order_already_submitted', { kind: 'conflict' });
  });

  it('takes no purchase order or quote request for a checkout cancelled before payment', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const cancelled = orders.given(placed).when({ type: 'CancelCheckout', customerId, at }).events();
    const afterCancel = orders.given([...placed, ...cancelled]);
    afterCancel
      .when({ type: 'SubmitPurchaseOrder', customerId, payment, at })
      .thenThrows('conflict', { message: orderMessages.checkoutClosed });
    afterCancel
      .when({ type: 'RequestQuote', customerId, quote: { company: '', name: '', poNumber: '' }, at })
      .thenThrows('conflict', { message: orderMessages.checkoutClosed });
  });

  it('turns the order into a quote request with no card at all', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const quote = { company: 'Lee Labs', name: '', poNumber: '' };
    const requested = orders.given(placed).when({ type: 'RequestQuote', customerId, quote, at }).events();
    expect(requested).toEqual([
      { type: 'QuoteRequested', data: { orderId, customerId, ...quote, requestedAt: at.toISOString() } },
    ]);
    expect(orders.given([...placed, ...requested]).state()!.view).toMatchObject({
      status: 'Quote requested',
      payment: { kind: 'quote' },
    });
  });

  it("answers someone else's order, and an order never placed, as not found", () => {
    const at = new Date();
    for (const [events, who] of [
      [placed, 'someone-else'],
      [[], customerId],
    ] as const) {
      orders
        .given(events)
        .when({ type: 'SubmitPurchaseOrder', customerId: who, payment, at })
        .thenThrows('not_found', { message: orderMessages.notFound });
    }
  });

  it('shows a placed order as awaiting payment', () => {
    expect(orders.given(placed).state()).toMatchObject({
      customerId,
      idempotencyKey: 'k1',
      heldFrom: null,
      view: {
        orderId,
        orderNumber: 'LUM2311202600042',
        status: 'Awaiting payment',
        payment: null,
        totalCents: 13_758,
      },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain-error.ts';
import type { OrderEvent } from '../../events/orders.ts';
import type { CartLineView, CartView } from '../../queries/carts.ts';
import { orderDecider, orderMessages, type OrderCommand, type OrderPlacement } from './decider.ts';

const { initialState, evolve, decide } = orderDecider;
const given = (events: OrderEvent[]) => events.reduce(evolve, initialState());
const when = (events: OrderEvent[], command: OrderCommand) => decide(command, given(events));

function refusal(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the command to be refused');
}

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

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  company: 'Lee Labs',
  phone: '555-0101',
  address1: '1 Bench St',
  address2: '',
  city: 'New Orleans',
  state: 'LA',
  zipCode: '70112',
  useForInvoice: true,
};

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

const placed = when([], place());
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
    const revised = when(placed, place(withBilling));
    expect(revised).toEqual([{ type: 'CheckoutRevised', data: expect.objectContaining({ billingAddress, address: withBilling.address }) }]);
    expect(when([...placed, ...revised], place({ ...withBilling, idempotencyKey: 'k3' }))).toEqual([]);
  });

  it('rounds a half cent up', () => {
    // 125 cents × 10.12% = 12.65 cents → 13.
    const cart = cartOf([line({ quantity: 1, unitPriceCents: 125, listPriceCents: 125, discountPercent: 0 })]);
    const [event] = when([], place({ cart, expectedSubtotalCents: 125 }));
    expect(event?.data).toMatchObject({ subtotalCents: 125, taxCents: 13, totalCents: 138 });
  });

  it('charges no tax with a Tax Exempt Number and records it', () => {
    const [event] = when([], place({ taxExemptNumber: '  EX-9 ' }));
    expect(event?.data).toMatchObject({ taxExemptNumber: 'EX-9', taxState: 'LA', taxRateBasisPoints: 0, taxCents: 0, totalCents: 10_999 });
  });

  it('orders only the lines the catalogue still sells', () => {
    const cart = cartOf([line({}), line({ detailId: 'gone', available: false })]);
    const [event] = when([], place({ cart, expectedSubtotalCents: 9_000 }));
    expect((event?.data as { lines: { detailId: string }[] }).lines.map((item) => item.detailId)).toEqual(['d1']);
  });

  it('refuses a cart with nothing to order (empty, expired or only unavailable lines)', () => {
    for (const cart of [cartOf([]), cartOf([line({ available: false })])]) {
      const error = refusal(() => when([], place({ cart, expectedSubtotalCents: 0 })));
      expect([error.kind, error.message]).toEqual(['invalid', orderMessages.emptyCart]);
    }
  });

  it('refuses with the new cart when the prices moved since the customer saw them', () => {
    const error = refusal(() => when([], place({ expectedSubtotalCents: 10_000 })));
    expect([error.kind, error.message, error.details]).toEqual(['conflict', orderMessages.pricesChanged, { cart: twoLines }]);
  });

  it('answers a retry of the same placement with no new event, whatever the cart holds by then', () => {
    expect(when(placed, place({ cart: cartOf([]), expectedSubtotalCents: 5 }))).toEqual([]);
  });

  it('takes a purchase order with the card reduced to type and last four, once', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const submitted = when(placed, { type: 'SubmitPurchaseOrder', customerId, payment, at });
    expect(submitted).toEqual([{ type: 'PurchaseOrderSubmitted', data: { orderId, customerId, ...payment, submittedAt: at.toISOString() } }]);
    expect(given([...placed, ...submitted])?.view).toMatchObject({ status: 'PO received', payment: { kind: 'purchase-order', ...payment } });

    const again = refusal(() => when([...placed, ...submitted], { type: 'SubmitPurchaseOrder', customerId, payment, at }));
    expect([again.kind, again.message]).toEqual(['conflict', orderMessages.alreadySubmitted]);
    const quoteAfter = refusal(() => when([...placed, ...submitted], { type: 'RequestQuote', customerId, quote: { company: '', name: '', poNumber: '' }, at }));
    expect(quoteAfter.kind).toBe('conflict');
  });

  it('turns the order into a quote request with no card at all', () => {
    const at = new Date('2026-11-23T15:05:00.000Z');
    const quote = { company: 'Lee Labs', name: '', poNumber: '' };
    const requested = when(placed, { type: 'RequestQuote', customerId, quote, at });
    expect(requested).toEqual([{ type: 'QuoteRequested', data: { orderId, customerId, ...quote, requestedAt: at.toISOString() } }]);
    expect(given([...placed, ...requested])?.view).toMatchObject({ status: 'Quote requested', payment: { kind: 'quote', ...quote } });
  });

  it("answers someone else's order, and an order never placed, as not found", () => {
    const at = new Date();
    for (const [events, who] of [[placed, 'someone-else'], [[], customerId]] as const) {
      const error = refusal(() => when([...events], { type: 'SubmitPurchaseOrder', customerId: who, payment, at }));
      expect([error.kind, error.message]).toEqual(['not_found', orderMessages.notFound]);
    }
  });

  it('shows a placed order as awaiting payment', () => {
    expect(given(placed)).toMatchObject({ customerId, idempotencyKey: 'k1', view: { orderId, orderNumber: 'LUM2311202600042', status: 'Awaiting payment', payment: null, totalCents: 12_112 } });
  });
});

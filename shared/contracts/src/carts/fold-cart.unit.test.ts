import { describe, expect, it } from 'vitest';
import type { CartEvent, CartLineSnapshot } from './events.ts';
import { cartView } from './cart-view.ts';
import { CART_LIFETIME_MS, cartLineKey, emptyCart, evolveCart, foldCart, isSameLine } from './fold-cart.ts';

const detailId = '00000000-0000-4000-8000-000000000001';
const otherDetailId = '00000000-0000-4000-8000-000000000002';
const day = 24 * 60 * 60 * 1000;
const start = new Date('2026-03-01T12:00:00.000Z');
const after = (ms: number) => new Date(start.getTime() + ms);
const at = (ms = 0) => after(ms).toISOString();

const snapshot: CartLineSnapshot = {
  subproductId: '00000000-0000-4000-8000-0000000000aa',
  productName: 'Exosome isolation kit',
  productType: 'Serum',
  catalogNumber: 'EX-100',
  innerPackageId: 'PK-1',
  imageUrl: '/content/a.png',
  productPath: '/product?productid=x',
  listPriceCents: 10_000,
  discountPercent: 10,
};

let commandNumber = 0;
const change = (ms = 0) => ({ commandId: `command-${++commandNumber}`, at: at(ms) });

const added = (
  quantity: number,
  unitPriceCents = 9_000,
  packSize: string | null = '50 ml',
  ms = 0,
  id = detailId,
): CartEvent => ({
  type: 'CartItemAdded',
  data: { ...change(ms), detailId: id, packSize, ...snapshot, quantity, unitPriceCents },
});

describe('foldCart', () => {
  it('adds up the same detail and pack size, keeps other pack sizes apart', () => {
    const cart = foldCart(
      [added(2), added(3), added(1, 9_000, '100 ml'), added(1, 500, null, 0, otherDetailId)],
      start,
    );
    expect(cart.lines.map((line) => [line.detailId, line.packSize, line.quantity])).toEqual([
      [detailId, '50 ml', 5],
      [detailId, '100 ml', 1],
      [otherDetailId, null, 1],
    ]);
    expect(cart.revision).toBe(3);
    expect(cart.updatedAt).toBe(at());
  });

  it('sets quantities, removes lines and clears', () => {
    const key = { detailId, packSize: '50 ml' };
    const events: CartEvent[] = [
      added(2),
      added(1, 500, null, 0, otherDetailId),
      { type: 'CartItemQuantityChanged', data: { ...change(), ...key, quantity: 7 } },
    ];
    expect(foldCart(events, start).lines.map((line) => line.quantity)).toEqual([7, 1]);
    const removed: CartEvent = { type: 'CartItemRemoved', data: { ...change(), ...key } };
    expect(foldCart([...events, removed], start).lines.map((line) => line.detailId)).toEqual([otherDetailId]);
    expect(foldCart([...events, { type: 'CartCleared', data: change() }], start).lines).toEqual([]);
  });

  it('remembers the price a refresh replaced, and a line the catalogue stopped selling', () => {
    const key = { detailId, packSize: '50 ml' };
    const events: CartEvent[] = [
      added(2),
      {
        type: 'CartLinePriceChanged',
        data: {
          ...change(),
          ...key,
          oldUnitPriceCents: 9_000,
          newUnitPriceCents: 9_900,
          snapshot: { ...snapshot, listPriceCents: 11_000 },
        },
      },
    ];
    const [line] = foldCart(events, start).lines;
    expect(line).toMatchObject({
      unitPriceCents: 9_900,
      previousUnitPriceCents: 9_000,
      listPriceCents: 11_000,
      quantity: 2,
      available: true,
    });

    const gone = foldCart(
      [...events, { type: 'CartLineAvailabilityChanged', data: { ...change(), ...key, available: false } }],
      start,
    );
    expect(gone.lines[0]?.available).toBe(false);
  });

  it('re-adding at a new price takes the new price and keeps the old one visible', () => {
    const [line] = foldCart([added(1, 9_000), added(1, 8_000)], start).lines;
    expect(line).toMatchObject({ quantity: 2, unitPriceCents: 8_000, previousUnitPriceCents: 9_000 });
    const [unchanged] = foldCart([added(1, 9_000), added(1, 9_000)], start).lines;
    expect(unchanged?.previousUnitPriceCents).toBeNull();
  });

  it('merges an anonymous cart line by line and empties the anonymous cart', () => {
    const merged: CartEvent = {
      type: 'CartMerged',
      data: {
        ...change(),
        fromCartId: 'anon',
        lines: [
          { detailId, packSize: '50 ml', ...snapshot, quantity: 4, unitPriceCents: 9_000, available: true },
          { detailId: otherDetailId, packSize: null, ...snapshot, quantity: 1, unitPriceCents: 500, available: false },
        ],
      },
    };
    const customer = foldCart([added(1), merged], start);
    expect(customer.lines.map((line) => [line.quantity, line.available])).toEqual([
      [5, true],
      [1, false],
    ]);
    const anonymous = foldCart(
      [added(1), { type: 'CartMergedAway', data: { ...change(), intoCustomerId: 'c', lines: [] } }],
      start,
    );
    expect(anonymous.lines).toEqual([]);
    expect(foldCart([added(1), { type: 'CartCheckedOut', data: { ...change(), orderId: 'o' } }], start).lines).toEqual(
      [],
    );
  });

  it('is empty more than 5 days after the last change, and a later change starts from empty', () => {
    const events = [added(2, 9_000, '50 ml', 0), added(1, 9_000, '100 ml', 2 * day)];
    expect(foldCart(events, after(2 * day + CART_LIFETIME_MS)).lines).toHaveLength(2);
    expect(foldCart(events, after(2 * day + CART_LIFETIME_MS + 1)).lines).toEqual([]);

    const revived = foldCart([...events, added(1, 9_000, '50 ml', 8 * day)], after(8 * day));
    expect(revived.lines.map((line) => [line.packSize, line.quantity])).toEqual([['50 ml', 1]]);
    expect(revived.revision).toBe(2);
  });

  it('starts empty', () => {
    expect(foldCart([], start)).toEqual(emptyCart());
  });

  it('fails loudly on an event type it does not know', () => {
    expect(() =>
      evolveCart(emptyCart(), { type: 'CartShuffled', data: { at: '2026-03-01T12:00:00.000Z' } } as never),
    ).toThrow('Unhandled case');
  });
});

describe('cartView', () => {
  it('totals lines, counts items, leaves unavailable lines out of the subtotal and the item count', () => {
    let cart = evolveCart(emptyCart(), added(3, 9_000));
    cart = evolveCart(cart, added(2, 1_250, null, 0, otherDetailId));
    cart = evolveCart(cart, {
      type: 'CartLineAvailabilityChanged',
      data: { ...change(), detailId: otherDetailId, packSize: null, available: false },
    });
    const view = cartView('cart-1', cart, start);
    expect(view).toMatchObject({ cartId: 'cart-1', itemCount: 3, subtotalCents: 27_000, updatedAt: at(), revision: 2 });
    expect(view.expiresAt).toBe(at(CART_LIFETIME_MS));
    expect(view.lines.map((line) => line.lineTotalCents)).toEqual([27_000, 2_500]);
    expect(view.lines[0]).toEqual({
      detailId,
      packSize: '50 ml',
      ...snapshot,
      quantity: 3,
      unitPriceCents: 9_000,
      previousUnitPriceCents: null,
      lineTotalCents: 27_000,
      available: true,
    });
  });

  it('shows an expired cart empty, without an expiry', () => {
    const view = cartView('cart-1', evolveCart(emptyCart(), added(1)), after(CART_LIFETIME_MS + 1));
    expect(view).toMatchObject({ lines: [], itemCount: 0, subtotalCents: 0, expiresAt: null, revision: 0 });
  });
});

describe('a line’s identity', () => {
  it('is its detail and pack size, a null pack size (the detail itself) apart from an empty one', () => {
    const itself = { detailId, packSize: null };
    const empty = { detailId, packSize: '' };
    expect(isSameLine(itself, empty)).toBe(false);
    expect(cartLineKey(itself)).not.toBe(cartLineKey(empty));
    expect(cartLineKey({ detailId, packSize: '10 ml' })).toBe(cartLineKey({ detailId, packSize: '10 ml' }));
    // A separator in the text cannot make two lines one key.
    expect(cartLineKey({ detailId: 'a|b', packSize: 'c' })).not.toBe(cartLineKey({ detailId: 'a', packSize: 'b|c' }));
  });
});

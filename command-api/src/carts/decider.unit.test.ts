import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import { CART_LIFETIME_MS, cartLineKey } from '@labshop/contracts/carts/fold-cart';
import type { CartEvent, PricedCartLine } from '@labshop/contracts/carts/events';
import type { CurrentOffer } from '../catalogue/prices.ts';
import { OUT_OF_STOCK } from '@labshop/contracts/stock/stock-words';
import { cartDecider, NOT_IN_CART, RECENT_COMMANDS_KEPT, type CartCommand } from './decider.ts';

const carts = spec(cartDecider);

const now = new Date('2026-03-01T12:00:00.000Z');
const at = now.toISOString();
const detailId = '00000000-0000-4000-8000-000000000001';
const subproductId = '00000000-0000-4000-8000-0000000000aa';
let commandNumber = 0;
const nextCommandId = () => `command-${++commandNumber}`;

const offer = (overrides: Partial<CurrentOffer> = {}): CurrentOffer => ({
  detailId,
  subproductId,
  packSize: '10 ml',
  unitPriceCents: 9_000,
  listPriceCents: 10_000,
  discountPercent: 10,
  catalogNumber: 'EX-10',
  innerPackageId: 'PK-1',
  productName: 'Isolation kits',
  productType: 'Exosome kit',
  imageUrl: null,
  productPath: '/product?x',
  inStock: true,
  ...overrides,
});

const { inStock: _inStock, ...offerLine } = offer();
const added = (quantity = 1, commandId = nextCommandId(), overrides: Partial<CurrentOffer> = {}): CartEvent => {
  const { inStock: _ignored, ...line } = offer(overrides);
  return { type: 'CartItemAdded', data: { commandId, at, ...line, quantity } };
};
const add = (quantity: number, overrides: Partial<CurrentOffer> = {}, commandId = nextCommandId()): CartCommand => ({
  type: 'AddItems',
  commandId,
  now,
  items: [{ offer: offer(overrides), quantity }],
});
const key = { detailId, packSize: '10 ml' };

describe('cart decider', () => {
  it('adds a priced line, recording the price and what the line shows', () => {
    carts
      .given([])
      .when(add(2, {}, 'c-add'))
      .then([{ type: 'CartItemAdded', data: { commandId: 'c-add', at, ...offerLine, quantity: 2 } }]);
  });

  it('changes nothing for a command id it has seen (the outbox retried)', () => {
    const history = [added(2, 'c-1')];
    carts
      .given(history)
      .when(add(2, {}, 'c-1'))
      .then([]);
    carts.given(history).when({ type: 'ClearCart', commandId: 'c-1', now }).then([]);
  });

  it('refuses an out-of-stock product and a quantity beyond the bound', () => {
    carts
      .given([])
      .when(add(1, { inStock: false }))
      .thenThrows('invalid', { message: OUT_OF_STOCK });
    expect(
      carts
        .given([added(999_999)])
        .when(add(2))
        .refusal().fields,
    ).toEqual({ quantity: 'Quantity must be at most 1,000,000' });
  });

  it('sets the quantity of a line in the cart, and refuses one that is not', () => {
    carts
      .given([added(2)])
      .when({ type: 'SetQuantity', commandId: 'c-q', now, ...key, quantity: 5 })
      .then([{ type: 'CartItemQuantityChanged', data: { commandId: 'c-q', at, ...key, quantity: 5 } }]);
    carts
      .given([added(2)])
      .when({ type: 'SetQuantity', commandId: nextCommandId(), now, ...key, quantity: 2 })
      .then([]);
    carts
      .given([added(2)])
      .when({ type: 'SetQuantity', commandId: nextCommandId(), now, detailId, packSize: null, quantity: 1 })
      .thenThrows('not_found', { message: NOT_IN_CART });
  });

  it('removes a line; removing one that is gone changes nothing', () => {
    carts
      .given([added(2)])
      .when({ type: 'RemoveItem', commandId: 'c-r', now, ...key })
      .then([{ type: 'CartItemRemoved', data: { commandId: 'c-r', at, ...key } }]);
    carts
      .given([])
      .when({ type: 'RemoveItem', commandId: nextCommandId(), now, ...key })
      .then([]);
  });

  it('clears a cart with lines only', () => {
    carts
      .given([added(2)])
      .when({ type: 'ClearCart', commandId: 'c-c', now })
      .then([{ type: 'CartCleared', data: { commandId: 'c-c', at } }]);
    carts.given([]).when({ type: 'ClearCart', commandId: nextCommandId(), now }).then([]);
  });

  it('refreshes: a moved price, a line no longer sold, a line sold again; unpriced and unchanged lines stay', () => {
    const other = { detailId: '00000000-0000-4000-8000-000000000002', packSize: null };
    const third = { detailId: '00000000-0000-4000-8000-000000000003', packSize: null };
    const history = [added(2), added(1, nextCommandId(), other), added(1, nextCommandId(), third)];
    const moved = offer({ unitPriceCents: 9_900, listPriceCents: 11_000 });
    const events = carts
      .given(history)
      .when({
        type: 'RefreshPrices',
        commandId: 'c-f',
        now,
        offers: new Map([
          [cartLineKey(key), moved],
          [cartLineKey(other), null],
        ]),
      })
      .events();
    const { detailId: _d, packSize: _p, unitPriceCents: _u, inStock: _i, ...snapshot } = moved;
    expect(events).toEqual([
      {
        type: 'CartLinePriceChanged',
        data: { commandId: 'c-f', at, ...key, oldUnitPriceCents: 9_000, newUnitPriceCents: 9_900, snapshot },
      },
      { type: 'CartLineAvailabilityChanged', data: { commandId: 'c-f', at, ...other, available: false } },
    ]);
    const gone = [...history, ...events];
    carts
      .given(gone)
      .when({
        type: 'RefreshPrices',
        commandId: nextCommandId(),
        now,
        offers: new Map([
          [cartLineKey(key), moved],
          [cartLineKey(other), null],
        ]),
      })
      .then([]);
    const back = carts
      .given(gone)
      .when({
        type: 'RefreshPrices',
        commandId: 'c-b',
        now,
        offers: new Map([[cartLineKey(other), offer({ ...other })]]),
      })
      .events();
    expect(back).toEqual([
      { type: 'CartLineAvailabilityChanged', data: { commandId: 'c-b', at, ...other, available: true } },
    ]);
  });

  it('hands its lines over once at sign-in and remembers the hand-over', () => {
    const history = [added(2)];
    const handedOver = carts
      .given(history)
      .when({ type: 'MergeAway', commandId: 'c-m', now, intoCustomerId: 'customer-1' })
      .events();
    const line: PricedCartLine = { ...offerLine, quantity: 2, available: true };
    expect(handedOver).toEqual([
      { type: 'CartMergedAway', data: { commandId: 'c-m', at, intoCustomerId: 'customer-1', lines: [line] } },
    ]);
    const after = carts.given([...history, ...handedOver]).state();
    expect(after.lastHandOver).toEqual({ commandId: 'c-m', intoCustomerId: 'customer-1', lines: [line] });
    expect(after.cart.lines).toEqual([]);
    carts
      .given([...history, ...handedOver])
      .when({ type: 'MergeAway', commandId: nextCommandId(), now, intoCustomerId: 'customer-1' })
      .then([]);
  });

  it('merges handed-over lines into the customer cart once', () => {
    const line: PricedCartLine = { ...offerLine, quantity: 3, available: true };
    const merge: CartCommand = { type: 'MergeIn', commandId: 'c-m', now, fromCartId: 'anon-1', lines: [line] };
    const events = carts
      .given([added(1)])
      .when(merge)
      .events();
    expect(events).toEqual([
      { type: 'CartMerged', data: { commandId: 'c-m', at, fromCartId: 'anon-1', lines: [line] } },
    ]);
    const merged = carts.given([added(1), ...events]).state();
    expect(merged.cart.lines[0]?.quantity).toBe(4);
    carts
      .given([added(1), ...events])
      .when(merge)
      .then([]);
    carts
      .given([])
      .when({ ...merge, commandId: nextCommandId(), lines: [] })
      .then([]);
  });

  it('checks out into an order', () => {
    carts
      .given([added(1)])
      .when({ type: 'CheckOutCart', commandId: 'c-o', now, orderId: 'order-1' })
      .then([{ type: 'CartCheckedOut', data: { commandId: 'c-o', at, orderId: 'order-1' } }]);
  });

  it('treats an expired cart as empty: nothing to set, clear or hand over; an add starts afresh', () => {
    const history = [added(2)];
    const later = new Date(now.getTime() + CART_LIFETIME_MS + 1);
    carts
      .given(history)
      .when({ type: 'SetQuantity', commandId: nextCommandId(), now: later, ...key, quantity: 3 })
      .thenThrows('not_found');
    carts.given(history).when({ type: 'ClearCart', commandId: nextCommandId(), now: later }).then([]);
    carts
      .given(history)
      .when({ type: 'MergeAway', commandId: nextCommandId(), now: later, intoCustomerId: 'c' })
      .then([]);
    const revived = carts
      .given([
        ...history,
        ...carts
          .given(history)
          .when({ ...add(1), now: later })
          .events(),
      ])
      .state();
    expect(revived.cart.lines.map((line) => line.quantity)).toEqual([1]);
  });

  it('remembers a bounded window of command ids', () => {
    const history = Array.from({ length: RECENT_COMMANDS_KEPT + 5 }, (_, index) => added(1, `window-${index}`));
    const state = carts.given(history).state();
    expect(state.recentCommandIds).toHaveLength(RECENT_COMMANDS_KEPT);
    expect(state.recentCommandIds.at(-1)).toBe(`window-${RECENT_COMMANDS_KEPT + 4}`);
  });

  it('counts commands, not events, in its window: an add of two items is one command', () => {
    const twoItems: CartCommand = {
      type: 'AddItems',
      commandId: 'c-two',
      now,
      items: [
        { offer: offer(), quantity: 1 },
        { offer: offer({ packSize: '50 ml' }), quantity: 1 },
      ],
    };
    const first = added(1, 'c-first');
    const second = added(1, 'c-second');
    const both = carts.given([first, second]).when(twoItems).events();
    expect(both).toHaveLength(2);
    // Two commands, the two-item add and 97 more fill the window of 100 exactly: the first is still known.
    const others = Array.from({ length: RECENT_COMMANDS_KEPT - 3 }, (_, index) => added(1, `other-${index}`));
    const history = [first, second, ...both, ...others];
    expect(carts.given(history).state().recentCommandIds).toHaveLength(RECENT_COMMANDS_KEPT);
    carts
      .given(history)
      .when(add(1, {}, 'c-first'))
      .then([]);
    // One command more and the first is forgotten: it would be decided again.
    expect(
      carts
        .given([...history, added(1, 'one-more')])
        .when(add(1, {}, 'c-first'))
        .events(),
    ).toHaveLength(1);
  });

  it('takes a line up to the bound exactly, and says so beyond it', () => {
    carts
      .given([added(999_999)])
      .when(add(1, {}, 'c-last'))
      .then([{ type: 'CartItemAdded', data: { commandId: 'c-last', at, ...offerLine, quantity: 1 } }]);
    carts
      .given([added(1_000_000)])
      .when(add(1))
      .thenThrows('invalid', { message: 'Quantity must be at most 1,000,000' });
  });

  it('words its refusals for the shopper', () => {
    expect([OUT_OF_STOCK, NOT_IN_CART]).toEqual(['This product is out of stock.', 'This item is not in your cart']);
    carts
      .given([])
      .when({ type: 'RemoveItem', commandId: nextCommandId(), now, ...key })
      .then([]);
    carts
      .given([])
      .when({ type: 'SetQuantity', commandId: nextCommandId(), now, ...key, quantity: 1 })
      .thenThrows('not_found', { message: 'This item is not in your cart' });
  });

  it('counts its checkouts, and keeps its last hand-over through later changes', () => {
    const checkedOut = (orderId: string): CartEvent => ({
      type: 'CartCheckedOut',
      data: { commandId: nextCommandId(), at, orderId },
    });
    expect(carts.given([added(1)]).state().checkouts).toBe(0);
    expect(carts.given([added(1), checkedOut('o1'), added(1), checkedOut('o2'), added(2)]).state().checkouts).toBe(2);
    const line: PricedCartLine = { ...offerLine, quantity: 1, available: true };
    const handOver: CartEvent = {
      type: 'CartMergedAway',
      data: { commandId: 'c-h', at, intoCustomerId: 'customer-1', lines: [line] },
    };
    expect(carts.given([added(1), handOver, added(3)]).state().lastHandOver).toEqual({
      commandId: 'c-h',
      intoCustomerId: 'customer-1',
      lines: [line],
    });
  });

  it('fails loudly on a command it does not know', () => {
    expect(() =>
      carts
        .given([])
        .when({ type: 'Shuffle', commandId: 'c-x', now } as never)
        .events(),
    ).toThrow('Unhandled case');
  });
});

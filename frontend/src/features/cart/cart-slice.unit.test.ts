import { describe, expect, it } from 'vitest';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import {
  cartAdopted,
  cartCheckedOut,
  cartPulled,
  cartSlice,
  commandAnswered,
  commandRefused,
  cartClaimedByCustomer,
  anonymousCartStarted,
  itemAdded,
  itemRemoved,
  quantityChanged,
  restoredCart,
  persistedPart,
  selectCartItemCount,
  selectCartMayGainLines,
  selectCartSubtotalCents,
  type CartState,
} from './cart-slice.ts';
import { cartStorageKey, loadStoredCart, storeCart } from './cart-storage.ts';
import { kit, viewOf } from './cart-test-fixtures.ts';

const reduce = (state: CartState, ...actions: Parameters<typeof cartSlice.reducer>[1][]) =>
  actions.reduce(cartSlice.reducer, state);
const initial = () => cartSlice.reducer(undefined, { type: 'init' });
const select = (state: CartState) => ({
  count: selectCartItemCount({ cart: state }),
  subtotal: selectCartSubtotalCents({ cart: state }),
});

describe('cart slice', () => {
  it('adds the same detail and pack size up, keeps other pack sizes apart, and counts every unit', () => {
    const state = reduce(
      initial(),
      itemAdded(kit({ quantity: 2 })),
      itemAdded(kit({ packSize: '50 reactions', unitPriceCents: 40500 })),
      itemAdded(kit()),
    );
    expect(
      state.lines.map(({ packSize, quantity, lineTotalCents }) => ({ packSize, quantity, lineTotalCents })),
    ).toEqual([
      { packSize: '10 reactions', quantity: 3, lineTotalCents: 27000 },
      { packSize: '50 reactions', quantity: 1, lineTotalCents: 40500 },
    ]);
    expect(select(state)).toEqual({ count: 4, subtotal: 67500 });
    expect(state.outbox.map((command) => command.type)).toEqual(['add', 'add', 'add']);
    expect(new Set(state.outbox.map((command) => command.commandId)).size).toBe(3);
    expect(state.outbox[0]).toMatchObject({ target: { kind: 'anonymous', cartId: state.cartId } });
  });

  it('changes a quantity and removes a line at once, queueing each change', () => {
    const option = { detailId: 'd1', packSize: '10 reactions' };
    const state = reduce(
      initial(),
      itemAdded(kit()),
      itemAdded(kit({ detailId: 'd2', packSize: null })),
      quantityChanged({ ...option, quantity: 5 }),
      itemRemoved({ detailId: 'd2', packSize: null }),
    );
    expect(state.lines.map(({ detailId, quantity }) => ({ detailId, quantity }))).toEqual([
      { detailId: 'd1', quantity: 5 },
    ]);
    expect(state.outbox.map((command) => command.type)).toEqual(['add', 'add', 'setQuantity', 'remove']);
  });

  it("takes the server's answer as the truth (current prices) and lays the unanswered changes over it", () => {
    const added = reduce(initial(), itemAdded(kit()), itemAdded(kit({ detailId: 'd2' })));
    const first = added.outbox[0]!;
    const serverLine = {
      ...kit(),
      unitPriceCents: 9500,
      previousUnitPriceCents: null,
      lineTotalCents: 9500,
      available: true,
    };
    const state = reduce(added, commandAnswered({ commandId: first.commandId, answer: viewOf('c', [serverLine]) }));
    expect(state.outbox).toHaveLength(1);
    expect(state.confirmedLines).toEqual([serverLine]);
    expect(state.lines.map(({ detailId, unitPriceCents }) => ({ detailId, unitPriceCents }))).toEqual([
      { detailId: 'd1', unitPriceCents: 9500 },
      { detailId: 'd2', unitPriceCents: 9000 },
    ]);
    expect(state.expiresAt).toBe(added.expiresAt);
  });

  it('drops a refused change and says why; an answer to a command no longer queued is ignored', () => {
    const added = reduce(initial(), itemAdded(kit()));
    const refused = reduce(
      added,
      commandRefused({ commandId: added.outbox[0]!.commandId, message: 'This product is no longer available' }),
    );
    expect(refused.lines).toEqual([]);
    expect(refused.notice).toBe('This product is no longer available');
    expect(
      reduce(
        refused,
        commandAnswered({
          commandId: added.outbox[0]!.commandId,
          answer: viewOf('c', [{ ...kit(), previousUnitPriceCents: null, lineTotalCents: 9000, available: true }]),
        }),
      ),
    ).toEqual(refused);
  });

  it("ignores a read of the server's cart older than the answer a command already gave (a lagging read model)", () => {
    const added = reduce(initial(), itemAdded(kit()));
    const line = { ...kit(), previousUnitPriceCents: null, lineTotalCents: 9000, available: true };
    const answered = reduce(
      added,
      commandAnswered({ commandId: added.outbox[0]!.commandId, answer: { ...viewOf('c', [line]), revision: 3 } }),
    );
    expect(reduce(answered, cartPulled({ ...viewOf('c', []), revision: 2 })).lines).toHaveLength(1);
    expect(reduce(answered, cartPulled({ ...viewOf('c', []), revision: null })).lines).toHaveLength(1);
    expect(reduce(answered, cartPulled({ ...viewOf('c', []), revision: 4 })).lines).toEqual([]);
  });

  it('does not count lines that are no longer sold toward the subtotal or the item count', () => {
    const gone = { ...kit(), previousUnitPriceCents: null, lineTotalCents: 9000, available: false };
    const kept = { ...kit({ detailId: 'd2' }), previousUnitPriceCents: null, lineTotalCents: 9000, available: true };
    expect(select(reduce(initial(), cartAdopted(viewOf('c', [gone, kept]))))).toEqual({ count: 1, subtotal: 9000 });
  });

  it('is empty 5 days after its last change, on reload and on the next change', () => {
    const added = reduce(initial(), itemAdded(kit()));
    const expiresAt = added.expiresAt!;
    expect(expiresAt - Date.now()).toBeGreaterThan(CART_LIFETIME_MS - 60_000);
    expect(restoredCart(persistedPart(added), expiresAt - 1).lines).toHaveLength(1);
    const expired = restoredCart(persistedPart(added), expiresAt);
    expect(expired).toMatchObject({ lines: [], outbox: [], expiresAt: null, cartId: added.cartId });

    const stale = { ...added, expiresAt: Date.now() - 1 };
    const fresh = reduce(stale, itemAdded(kit({ detailId: 'd2' })));
    expect(fresh.lines.map((line) => line.detailId)).toEqual(['d2']);
    expect(fresh.outbox.map((command) => command.type)).toEqual(['add']);
  });

  it('survives a reload through localStorage["cartItems"], and starts fresh from anything unreadable', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
    const state = reduce(initial(), itemAdded(kit({ quantity: 3 })));
    storeCart(storage, state);
    expect(JSON.parse(items.get(cartStorageKey)!)).toMatchObject({
      cartId: state.cartId,
      lines: [{ detailId: 'd1', quantity: 3 }],
      outbox: [{ type: 'add' }],
    });
    expect(loadStoredCart(storage, Date.now())).toEqual({ ...state, notice: null });

    items.set(cartStorageKey, '{"cartId": 7}');
    expect(loadStoredCart(storage, Date.now()).lines).toEqual([]);
    items.set(cartStorageKey, 'not json');
    expect(loadStoredCart(storage, Date.now()).cartId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('merges into the customer cart at sign-in after the anonymous changes, and starts a fresh anonymous cart at sign-out', () => {
    const anonymous = reduce(initial(), itemAdded(kit()));
    const signedIn = reduce(
      anonymous,
      cartClaimedByCustomer({ customerId: 'cust-1' }),
      itemAdded(kit({ detailId: 'd2' })),
    );
    expect(signedIn.outbox.map((command) => command.type)).toEqual(['add', 'merge', 'add']);
    expect(signedIn.outbox[1]).toMatchObject({ type: 'merge', cartId: anonymous.cartId });
    expect(signedIn.outbox[2]).toMatchObject({ target: { kind: 'customer' } });
    expect(selectCartMayGainLines({ cart: signedIn })).toBe(true);

    const signedOut = reduce(signedIn, anonymousCartStarted());
    expect(signedOut).toMatchObject({ customerId: null, lines: [], outbox: [] });
    expect(signedOut.cartId).not.toBe(anonymous.cartId);
  });

  it('empties without a command once an order took the cart', () => {
    expect(reduce(initial(), itemAdded(kit()), cartCheckedOut())).toMatchObject({
      lines: [],
      outbox: [],
      expiresAt: null,
    });
  });
});

import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addLine, removeLine, setLineQuantity } from './cart-lines.ts';
import {
  cartSlice,
  emptyCart,
  itemAdded,
  itemRemoved,
  persistedPart,
  quantityChanged,
  selectCartMayGainLines,
  selectServerCart,
  serverCartReadRequested,
  syncRequested,
  type CartState,
} from './cart-slice.ts';
import { cartStorageKey } from './cart-storage.ts';
import { backoffMs, startCartSync, type CartSync } from './cart-sync.ts';
import type { CartChange, CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { changeOf, kit, viewOf } from './cart-test-fixtures.ts';

/**
 * Stands in for the cart API over HTTP (which the browser test drives for real): carts by path with their revisions,
 * catalogue prices. A line's add, quantity and removal answer the change; refresh and merge the whole cart.
 */
class FakeCartApi {
  readonly carts = new Map<string, CartLineView[]>();
  readonly revisions = new Map<string, number>();
  readonly requests: { path: string; body: Record<string, unknown> }[] = [];
  readonly reads: string[] = [];
  readonly prices = new Map<string, number>([['d1', 9500]]);
  reachable = true;
  refuse: string | null = null;

  /** Writes a cart's lines as one more event of its stream. */
  write(base: string, next: CartLineView[]) {
    const basedOn = this.revisions.get(base) ?? null;
    const revision = (basedOn ?? -1) + 1;
    this.carts.set(base, next);
    this.revisions.set(base, revision);
    return { basedOn, view: { ...viewOf('c', next), revision } };
  }

  post = async (path: string, body: unknown): Promise<CartView | CartChange> => {
    await Promise.resolve();
    if (!this.reachable) throw Object.assign(new Error('Could not reach the server.'), { status: 0 });
    const command = body as Record<string, unknown>;
    this.requests.push({ path, body: command });
    if (this.refuse !== null) throw Object.assign(new Error(this.refuse), { status: 400 });
    if (path === '/api/account/cart/merge') {
      const merged = (this.carts.get(`/api/carts/${String(command.cartId)}`) ?? []).reduce(
        addLine,
        this.carts.get('/api/account/cart') ?? [],
      );
      return { ...this.write('/api/account/cart', merged).view, cartId: 'customer' };
    }
    const [, base, action] = /^(.*)\/(items|items\/quantity|items\/remove|refresh)$/.exec(path)!;
    const lines = this.carts.get(base!) ?? [];
    const option = { detailId: String(command.detailId), packSize: command.packSize as string | null };
    const priced = (detailId: string) => this.prices.get(detailId) ?? 9000;
    if (action === 'refresh') return this.write(base!, lines).view;
    const next =
      action === 'items'
        ? addLine(lines, {
            ...kit(option),
            quantity: Number(command.quantity),
            unitPriceCents: priced(option.detailId),
          })
        : action === 'items/quantity'
          ? setLineQuantity(lines, option, Number(command.quantity))
          : removeLine(lines, option);
    return changeOf('c', lines, next, this.write(base!, next).basedOn);
  };

  get = async (path: string): Promise<CartView> => {
    if (!this.reachable) throw Object.assign(new Error('Could not reach the server.'), { status: 0 });
    this.reads.push(path);
    return { ...viewOf('c', this.carts.get(path) ?? []), revision: this.revisions.get(path) ?? null };
  };
}

const session = createSlice({
  name: 'session',
  initialState: { customerId: null as string | null },
  reducers: { signedAs: (state, action: PayloadAction<string | null>) => void (state.customerId = action.payload) },
});

let sync: CartSync | undefined;
afterEach(() => {
  sync?.stop();
  vi.useRealTimers();
});

function startShop(api: FakeCartApi, options: { customerId?: string | null; cart?: CartState } = {}) {
  const store = configureStore({
    reducer: { cart: cartSlice.reducer, session: session.reducer },
    preloadedState: { session: { customerId: options.customerId ?? null }, cart: options.cart ?? emptyCart() },
  });
  const stored = new Map<string, string>();
  sync = startCartSync({
    store,
    selectCart: (state) => state.cart,
    selectCustomerId: (state) => state.session.customerId,
    post: api.post,
    get: api.get,
    storage: { setItem: (key, value) => void stored.set(key, value) },
  });
  return { store, stored, cart: () => store.getState().cart };
}

describe('cart sync', () => {
  it("sends the outbox in order to the anonymous cart and shows the server's current prices", async () => {
    const api = new FakeCartApi();
    const { store, cart, stored } = startShop(api);
    store.dispatch(itemAdded(kit({ quantity: 2 })));
    store.dispatch(quantityChanged({ detailId: 'd1', packSize: '10 reactions', quantity: 3 }));
    await vi.waitFor(() => expect(cart().outbox).toEqual([]));

    const base = `/api/carts/${cart().cartId}`;
    expect(api.requests.map(({ path, body }) => [path, body.quantity])).toEqual([
      [`${base}/items`, 2],
      [`${base}/items/quantity`, 3],
    ]);
    expect(api.requests[0]!.body).toMatchObject({ detailId: 'd1', subproductId: 's1', packSize: '10 reactions' });
    expect(cart().lines).toMatchObject([{ quantity: 3, unitPriceCents: 9500, lineTotalCents: 28500 }]);
    expect(JSON.parse(stored.get(cartStorageKey)!)).toMatchObject({ lines: [{ unitPriceCents: 9500 }], outbox: [] });
  });

  it('keeps the cart working while the API is unreachable, retries with backoff and then syncs in order', async () => {
    vi.useFakeTimers();
    const api = new FakeCartApi();
    api.reachable = false;
    const { store, cart } = startShop(api);
    store.dispatch(itemAdded(kit()));
    await vi.advanceTimersByTimeAsync(0);
    expect(cart().sync).toMatchObject({ status: 'offline', failures: 1 });

    store.dispatch(itemAdded(kit({ detailId: 'd2', packSize: null })));
    expect(cart().lines.map((line) => line.detailId)).toEqual(['d1', 'd2']);
    await vi.advanceTimersByTimeAsync(backoffMs(1));
    expect(cart().sync.failures).toBe(2);
    expect(backoffMs(2)).toBe(2000);
    expect(backoffMs(10)).toBe(15_000);

    api.reachable = true;
    await vi.advanceTimersByTimeAsync(backoffMs(2) - 1);
    expect(api.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.requests.map(({ body }) => body.detailId)).toEqual(['d1', 'd2']);
    expect(cart()).toMatchObject({ outbox: [], sync: { status: 'idle', failures: 0 } });
  });

  it('sends at once when asked to (Try again, or the browser is back online) instead of waiting out the backoff', async () => {
    vi.useFakeTimers();
    const api = new FakeCartApi();
    api.reachable = false;
    const { store, cart } = startShop(api);
    store.dispatch(itemAdded(kit()));
    await vi.advanceTimersByTimeAsync(0);
    api.reachable = true;
    store.dispatch(syncRequested());
    await vi.advanceTimersByTimeAsync(0);
    expect(cart().outbox).toEqual([]);
  });

  it('drops a change the server refuses, says why, and carries on with the next', async () => {
    const api = new FakeCartApi();
    api.refuse = 'This product is no longer available';
    const { store, cart } = startShop(api);
    store.dispatch(itemAdded(kit()));
    await vi.waitFor(() => expect(cart().outbox).toEqual([]));
    expect(cart()).toMatchObject({ lines: [], notice: 'This product is no longer available' });
    api.refuse = null;
    store.dispatch(itemAdded(kit({ detailId: 'd2' })));
    await vi.waitFor(() => expect(cart().outbox).toEqual([]));
    expect(cart().lines.map((line) => line.detailId)).toEqual(['d2']);
  });

  it("merges the anonymous cart into the customer's at sign-in (lines add up), then sends to the customer cart; sign-out starts afresh", async () => {
    const api = new FakeCartApi();
    api.carts.set('/api/account/cart', [
      {
        ...kit({ quantity: 2, unitPriceCents: 9500 }),
        previousUnitPriceCents: null,
        lineTotalCents: 19000,
        available: true,
      },
    ]);
    const { store, cart } = startShop(api);
    store.dispatch(itemAdded(kit()));
    const anonymousCartId = cart().cartId;
    store.dispatch(session.actions.signedAs('cust-1'));
    store.dispatch(itemAdded(kit({ detailId: 'd2' })));
    await vi.waitFor(() => expect(cart().outbox).toEqual([]));

    expect(api.requests.map(({ path }) => path)).toEqual([
      `/api/carts/${anonymousCartId}/items`,
      '/api/account/cart/merge',
      '/api/account/cart/items',
    ]);
    expect(api.requests[1]!.body).toMatchObject({ cartId: anonymousCartId });
    expect(cart().lines.map(({ detailId, quantity }) => ({ detailId, quantity }))).toEqual([
      { detailId: 'd1', quantity: 3 },
      { detailId: 'd2', quantity: 1 },
    ]);

    store.dispatch(session.actions.signedAs(null));
    expect(cart()).toMatchObject({ customerId: null, lines: [] });
    expect(cart().cartId).not.toBe(anonymousCartId);
  });

  it('applies the change a line answers with, and reads the whole cart when another device wrote to it in between', async () => {
    const api = new FakeCartApi();
    const signedIn = { ...cartSlice.reducer(undefined, { type: 'init' }), customerId: 'cust-1' };
    const { store, cart } = startShop(api, { customerId: 'cust-1', cart: signedIn });
    await vi.waitFor(() => expect(api.reads).toHaveLength(1));
    store.dispatch(itemAdded(kit()));
    store.dispatch(itemAdded(kit({ detailId: 'd2', packSize: null })));
    await vi.waitFor(() => expect(cart().outbox).toEqual([]));
    expect(api.reads).toHaveLength(1);
    expect(cart()).toMatchObject({
      confirmedRevision: 1,
      lines: [{ detailId: 'd1', unitPriceCents: 9500 }, { detailId: 'd2' }],
    });

    // Another device changes the quantity of d2: this tab's next change is based on a revision it has not seen.
    const account = '/api/account/cart';
    api.write(account, setLineQuantity(api.carts.get(account)!, { detailId: 'd2', packSize: null }, 7));
    store.dispatch(itemRemoved({ detailId: 'd1', packSize: '10 reactions' }));
    await vi.waitFor(() => expect(api.reads).toHaveLength(2));
    await vi.waitFor(() => expect(cart().sync.pulling).toBe(false));
    expect(cart()).toMatchObject({ confirmedRevision: 3, lines: [{ detailId: 'd2', quantity: 7 }] });
  });

  it("reads the customer's cart at start, so it follows them from another device", async () => {
    const api = new FakeCartApi();
    api.carts.set('/api/account/cart', [
      { ...kit({ quantity: 4 }), previousUnitPriceCents: 8000, lineTotalCents: 36000, available: true },
    ]);
    const signedIn = { ...cartSlice.reducer(undefined, { type: 'init' }), customerId: 'cust-1' };
    const { cart } = startShop(api, { customerId: 'cust-1', cart: signedIn });
    await vi.waitFor(() => expect(cart().lines).toHaveLength(1));
    expect(cart().lines[0]).toMatchObject({ quantity: 4, previousUnitPriceCents: 8000 });
    expect(cart().sync.pulling).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toEqual([]);
  });
});

describe("checkout's read of the server cart", () => {
  it('waits for the queued changes, then reads the cart once; until it has, lines may still arrive', async () => {
    const api = new FakeCartApi();
    const account = '/api/account/cart';
    const signedIn = { ...cartSlice.reducer(undefined, { type: 'init' }), customerId: 'cust-1' };
    const { store, cart } = startShop(api, { customerId: 'cust-1', cart: signedIn });
    await vi.waitFor(() => expect(api.reads).toHaveLength(1));
    await vi.waitFor(() => expect(cart().sync.pulling).toBe(false));

    // A change of this tab's still queued: the read follows its answer.
    store.dispatch(itemAdded(kit()));
    store.dispatch(serverCartReadRequested());
    expect(selectCartMayGainLines(store.getState())).toBe(true);
    await vi.waitFor(() => expect(selectCartMayGainLines(store.getState())).toBe(false));
    expect(api.reads).toEqual([account, account]);
    expect(api.requests.map((request) => request.path)).toEqual([`${account}/items`]);

    // Another device adds d2: the next read brings it.
    const d2 = {
      ...kit({ detailId: 'd2', packSize: null }),
      previousUnitPriceCents: null,
      lineTotalCents: 9000,
      available: true,
    };
    api.write(account, [...api.carts.get(account)!, d2]);
    store.dispatch(serverCartReadRequested());
    await vi.waitFor(() => expect(selectCartMayGainLines(store.getState())).toBe(false));
    expect(api.reads).toHaveLength(3);
    const { lines, subtotalCents } = selectServerCart(store.getState());
    expect(lines.map((line) => line.detailId)).toEqual(['d1', 'd2']);
    expect(subtotalCents).toBe(9500 + 9000);
    expect(cart().lines).toEqual(lines);
  });
});

describe('carts of other tabs', () => {
  it("takes another tab's newer cart of the same owner, and ignores one of another owner (a tab signed in on its own)", async () => {
    const api = new FakeCartApi();
    const { store, cart } = startShop(api);
    const otherTab = {
      ...persistedPart(cart()),
      lines: [{ ...kit(), previousUnitPriceCents: null, lineTotalCents: 9000, available: true }],
    };
    sync!.adoptStored(JSON.stringify(otherTab));
    expect(cart().lines).toHaveLength(1);

    sync!.adoptStored(JSON.stringify({ ...otherTab, customerId: 'cust-1', lines: [] }));
    expect(cart()).toMatchObject({ customerId: null, lines: [{ detailId: 'd1' }] });
    expect(store.getState().session.customerId).toBeNull();
  });
});

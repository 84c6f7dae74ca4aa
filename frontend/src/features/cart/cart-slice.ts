import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { replayOutbox, type CartCommand, type CartTarget } from './cart-commands.ts';
import type { CartItem } from '@/lib/cart-item.ts';
import { itemCountOf, subtotalCentsOf, type CartOption } from './cart-lines.ts';
import type { CartChange, CartLineView, CartView } from '@labshop/contracts/carts/queries';
import { applyCartChange } from '@labshop/contracts/carts/cart-view';
import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';
import { newId } from './new-id.ts';

/** How the background sync is doing; shown on the cart page, never persisted. */
export interface CartSyncState {
  /** 'offline': the last send found no server (or a failing one) and a retry is scheduled. */
  status: 'idle' | 'offline';
  failures: number;
  message: string | null;
  /** Bumped to ask the sync to send now instead of waiting for its next retry. */
  requested: number;
  /** A read of the server's cart (sign-in on another device, say) is under way. */
  pulling: boolean;
  /** A fresh read of the server's cart is wanted (checkout is about to order it) and has not started yet. */
  readWanted: boolean;
}

export interface CartState {
  /** The anonymous cart's id (a uuid this browser made); a new one after sign-out. */
  cartId: string;
  /** The signed-in customer the cart belongs to; null = anonymous. */
  customerId: string | null;
  /** What the shopper sees: the confirmed lines with the outbox laid over them. */
  lines: CartLineView[];
  /** The lines of the server's last answer. */
  confirmedLines: CartLineView[];
  /** The cart stream's revision that answer reflected; a read of an older one (a lagging read model) is ignored. */
  confirmedRevision: number | null;
  /** Epoch ms; null = nothing in the cart yet. */
  expiresAt: number | null;
  outbox: CartCommand[];
  /** Why the server refused a change (e.g. a product no longer sold); shown until dismissed. */
  notice: string | null;
  sync: CartSyncState;
}

const idleSync = (): CartSyncState => ({
  status: 'idle',
  failures: 0,
  message: null,
  requested: 0,
  pulling: false,
  readWanted: false,
});

export function emptyCart(customerId: string | null = null, cartId = newId()): CartState {
  return {
    cartId,
    customerId,
    lines: [],
    confirmedLines: [],
    confirmedRevision: null,
    expiresAt: null,
    outbox: [],
    notice: null,
    sync: idleSync(),
  };
}

const targetOf = (state: CartState): CartTarget =>
  state.customerId === null ? { kind: 'anonymous', cartId: state.cartId } : { kind: 'customer' };

/** A cart untouched for 5 days is empty, here as on the server; its unsent changes went with it. */
function forgetIfExpired(state: CartState, now: number) {
  if (state.expiresAt === null || state.expiresAt > now) return;
  state.lines = [];
  state.confirmedLines = [];
  state.outbox = [];
  state.expiresAt = null;
}

function enqueue(state: CartState, command: CartCommand, now: number) {
  state.outbox.push(command);
  state.lines = replayOutbox(state.confirmedLines, state.outbox);
  state.expiresAt = now + CART_LIFETIME_MS;
}

function confirm(state: CartState, view: Pick<CartView, 'lines' | 'revision' | 'expiresAt'>) {
  state.confirmedLines = view.lines;
  state.confirmedRevision = view.revision;
  state.lines = replayOutbox(view.lines, state.outbox);
  // The server's clock decides expiry once it has seen the cart; pending changes will renew it anyway.
  state.expiresAt =
    state.outbox.length > 0 ? state.expiresAt : view.expiresAt === null ? null : Date.parse(view.expiresAt);
}

const stamped = <P>(payload: P) => ({ payload, meta: { commandId: newId(), now: Date.now() } });
type Stamped<P> = PayloadAction<P, string, { commandId: string; now: number }>;

export const cartSlice = createSlice({
  name: 'cart',
  initialState: () => emptyCart(),
  reducers: {
    itemAdded: {
      reducer(state, { payload, meta }: Stamped<CartItem>) {
        forgetIfExpired(state, meta.now);
        enqueue(state, { type: 'add', commandId: meta.commandId, target: targetOf(state), item: payload }, meta.now);
      },
      prepare: (item: CartItem) => stamped(item),
    },
    quantityChanged: {
      reducer(state, { payload, meta }: Stamped<CartOption & { quantity: number }>) {
        forgetIfExpired(state, meta.now);
        const { quantity, ...option } = payload;
        enqueue(
          state,
          { type: 'setQuantity', commandId: meta.commandId, target: targetOf(state), option, quantity },
          meta.now,
        );
      },
      prepare: (change: CartOption & { quantity: number }) => stamped(change),
    },
    itemRemoved: {
      reducer(state, { payload, meta }: Stamped<CartOption>) {
        forgetIfExpired(state, meta.now);
        enqueue(
          state,
          {
            type: 'remove',
            commandId: meta.commandId,
            target: targetOf(state),
            option: { detailId: payload.detailId, packSize: payload.packSize },
          },
          meta.now,
        );
      },
      prepare: (option: CartOption) => stamped(option),
    },
    /** The cart page asks the server to re-price every line from the catalogue (one refresh pending is enough). */
    pricesRefreshRequested: {
      reducer(state, { meta }: Stamped<undefined>) {
        forgetIfExpired(state, meta.now);
        if (state.outbox.some((command) => command.type === 'refresh')) return;
        state.outbox.push({ type: 'refresh', commandId: meta.commandId, target: targetOf(state) });
      },
      prepare: () => stamped(undefined),
    },
    /**
     * Sign-in: what the shopper put in the anonymous cart goes into the customer's cart, after every change
     * still waiting for the anonymous cart has been sent there (the outbox keeps that order).
     */
    cartClaimedByCustomer: {
      reducer(state, { payload, meta }: Stamped<{ customerId: string }>) {
        forgetIfExpired(state, meta.now);
        state.customerId = payload.customerId;
        state.outbox.push({ type: 'merge', commandId: meta.commandId, cartId: state.cartId });
      },
      prepare: (customer: { customerId: string }) => stamped(customer),
    },
    /** Sign-out: the customer's cart stays theirs on the server; this browser starts a fresh anonymous one. */
    anonymousCartStarted: {
      reducer: () => emptyCart(),
      prepare: () => stamped(undefined),
    },
    /**
     * The server's answer to the oldest queued command: the whole cart, or the change of one line, applied to the
     * confirmed lines (a change based on another revision than ours still shows its line; the sync then reads the cart).
     */
    commandAnswered(state, { payload }: PayloadAction<{ commandId: string; answer: CartView | CartChange }>) {
      // An answer to a command no longer queued (the shopper signed out meanwhile) belongs to another cart.
      if (!state.outbox.some((command) => command.commandId === payload.commandId)) return;
      state.outbox = state.outbox.filter((command) => command.commandId !== payload.commandId);
      const { answer } = payload;
      confirm(state, 'lines' in answer ? answer : { ...answer, lines: applyCartChange(state.confirmedLines, answer) });
      state.sync.status = 'idle';
      state.sync.failures = 0;
      state.sync.message = null;
    },
    commandRefused(state, { payload }: PayloadAction<{ commandId: string; message: string }>) {
      if (!state.outbox.some((command) => command.commandId === payload.commandId)) return;
      state.outbox = state.outbox.filter((command) => command.commandId !== payload.commandId);
      state.lines = replayOutbox(state.confirmedLines, state.outbox);
      state.notice = payload.message;
      state.sync.status = 'idle';
      state.sync.failures = 0;
      state.sync.message = null;
    },
    syncFailed(state, { payload }: PayloadAction<{ message: string }>) {
      state.sync.status = 'offline';
      state.sync.failures += 1;
      state.sync.message = payload.message;
    },
    syncRequested(state) {
      state.sync.requested += 1;
    },
    /** Checkout asks for the server's cart afresh: the sync reads it once every queued change is sent. */
    serverCartReadRequested(state) {
      state.sync.readWanted = true;
    },
    pullStarted(state) {
      state.sync.pulling = true;
      state.sync.readWanted = false;
    },
    pullEnded(state) {
      state.sync.pulling = false;
    },
    /**
     * A CartView from elsewhere than a queued command: a read of the server's cart, the repeat-order answer, or
     * the new prices a refused checkout carries. Unsent changes stay laid over it.
     */
    cartAdopted(state, { payload }: PayloadAction<CartView>) {
      confirm(state, payload);
    },
    /** The server's cart as the read model has it: adopted unless it is older than what a command already answered. */
    cartPulled(state, { payload }: PayloadAction<CartView>) {
      if (state.confirmedRevision !== null && (payload.revision === null || payload.revision < state.confirmedRevision))
        return;
      confirm(state, payload);
    },
    /** The order took the server cart's lines (CartCheckedOut): empty here too, with nothing to send. */
    cartCheckedOut(state) {
      state.lines = [];
      state.confirmedLines = [];
      state.outbox = [];
      state.expiresAt = null;
    },
    noticeDismissed(state) {
      state.notice = null;
    },
    /** Another tab changed the cart: its stored copy is newer than ours. */
    cartReplacedFromStorage(state, { payload }: PayloadAction<PersistedCart>) {
      return { ...payload, notice: state.notice, sync: state.sync };
    },
  },
});

export const {
  itemAdded,
  quantityChanged,
  itemRemoved,
  pricesRefreshRequested,
  cartClaimedByCustomer,
  anonymousCartStarted,
  commandAnswered,
  commandRefused,
  syncFailed,
  syncRequested,
  serverCartReadRequested,
  pullStarted,
  pullEnded,
  cartAdopted,
  cartPulled,
  cartCheckedOut,
  noticeDismissed,
  cartReplacedFromStorage,
} = cartSlice.actions;

/** What survives a reload, under localStorage['cartItems'] (the spec's key). */
export type PersistedCart = Omit<CartState, 'notice' | 'sync'>;

export const persistedPart = ({ notice: _notice, sync: _sync, ...persisted }: CartState): PersistedCart => persisted;

export function restoredCart(persisted: PersistedCart, now: number): CartState {
  const state: CartState = { ...persisted, notice: null, sync: idleSync() };
  forgetIfExpired(state, now);
  return state;
}

interface StateWithCart {
  cart: CartState;
}

export const selectCart = (state: StateWithCart) => state.cart;
export const selectCartLines = (state: StateWithCart) => state.cart.lines;
export const selectCartItemCount = (state: StateWithCart) => itemCountOf(state.cart.lines);
export const selectCartSubtotalCents = (state: StateWithCart) => subtotalCentsOf(state.cart.lines);
/** Changes the server has not answered yet. */
export const selectCartSyncPending = (state: StateWithCart) => state.cart.outbox.length > 0;
/**
 * Lines may still arrive: a sign-in merge or a read of the server's cart is under way or asked for. An empty cart
 * is only "empty" (and its pages redirect home) once this is false.
 */
export const selectCartMayGainLines = (state: StateWithCart) =>
  state.cart.sync.pulling ||
  state.cart.sync.readWanted ||
  state.cart.outbox.some((command) => command.type === 'merge');

/**
 * The cart as the server last answered it, which an order is placed from (its prices are the catalogue's, not the
 * browser's): what checkout shows once nothing is left to send (`selectCartSyncPending`, `selectCartMayGainLines`).
 */
export const selectServerCart = createSelector(
  [(state: StateWithCart) => state.cart.confirmedLines],
  (lines): ServerCart => ({ lines, subtotalCents: subtotalCentsOf(lines) }),
);

export type ServerCart = Pick<CartView, 'lines' | 'subtotalCents'>;

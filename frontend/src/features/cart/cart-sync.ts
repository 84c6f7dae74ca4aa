import { cartBasePath, commandRequest, type CartCommand } from './cart-commands.ts';
import {
  cartPulled,
  cartReplacedFromStorage,
  commandAnswered,
  commandRefused,
  cartClaimedByCustomer,
  anonymousCartStarted,
  pullEnded,
  pullStarted,
  syncFailed,
  type CartState,
} from './cart-slice.ts';
import { parseStoredCart, storeCart } from './cart-storage.ts';
import { cartView } from '@labshop/contracts/carts/queries';

/** The failure a send can end in, as the api-client reports it (status 0 = no answer at all). */
export interface SendFailure {
  status: number;
  message: string;
}

interface SyncStore<S> {
  getState(): S;
  dispatch(action: { type: string }): unknown;
  subscribe(listener: () => void): () => void;
}

export interface CartSyncOptions<S> {
  store: SyncStore<S>;
  selectCart(state: S): CartState;
  /** The signed-in customer's id, or null when nobody is signed in. */
  selectCustomerId(state: S): string | null;
  post(path: string, body: unknown): Promise<unknown>;
  get(path: string): Promise<unknown>;
  /** Where the cart outlives a reload (localStorage in the browser). */
  storage?: Pick<Storage, 'setItem'>;
  /** Delay before the next try after `failures` failed sends in a row. */
  retryDelayMs?(failures: number): number;
  setTimer?(callback: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

/** 1 s, 2 s, 4 s … at most 15 s: soon enough to notice a returning connection, gentle on a struggling server. */
export const backoffMs = (failures: number) => Math.min(15_000, 1000 * 2 ** Math.max(0, failures - 1));

/** No answer, a server error or throttling may pass; anything else is the server's considered refusal. */
export const isRetryable = (failure: SendFailure) =>
  failure.status === 0 || failure.status === 408 || failure.status === 429 || failure.status >= 500;

const failureOf = (error: unknown): SendFailure => {
  const status =
    typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
      ? error.status
      : 0;
  const message = error instanceof Error ? error.message : 'The cart could not be saved.';
  return { status, message };
};

/**
 * Sends the cart's outbox in order, one command at a time, and keeps the local cart in step with the session:
 * a sign-in merges the anonymous cart into the customer's, a sign-out starts a fresh anonymous cart. While the
 * API is unreachable the commands wait and are retried with backoff; the shopper keeps using the local cart.
 */
export function startCartSync<S>(options: CartSyncOptions<S>) {
  const { store, selectCart, selectCustomerId, post, get, storage } = options;
  const retryDelayMs = options.retryDelayMs ?? backoffMs;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let sending = false;
  /** A change answered on another revision than the confirmed one (another tab or device wrote in between). */
  let readAfterSending = false;
  let retryTimer: unknown = null;
  let stopped = false;
  let lastStored: CartState | null = null;
  let lastRequested = selectCart(store.getState()).sync.requested;

  const cart = () => selectCart(store.getState());

  /** Sign-in and sign-out may happen in this tab, another tab, or while the page was closed: compare, not listen. */
  function followSession() {
    // Each dispatch re-enters through the store's listener, so every step re-reads what is still to do.
    const customerId = selectCustomerId(store.getState());
    if (cart().customerId === customerId) return;
    if (cart().customerId !== null) store.dispatch(anonymousCartStarted());
    if (customerId !== null && cart().customerId !== customerId) store.dispatch(cartClaimedByCustomer({ customerId }));
  }

  async function send(command: CartCommand) {
    const request = commandRequest(command);
    try {
      const answer = request.answer.safeParse(await post(request.path, request.body));
      if (answer.success) {
        if ('basedOn' in answer.data && answer.data.basedOn !== cart().confirmedRevision) readAfterSending = true;
        store.dispatch(commandAnswered({ commandId: command.commandId, answer: answer.data }));
      } else
        store.dispatch(
          commandRefused({ commandId: command.commandId, message: 'The shop answered with a cart it could not read.' }),
        );
      return true;
    } catch (error) {
      const failure = failureOf(error);
      if (!isRetryable(failure)) {
        store.dispatch(commandRefused({ commandId: command.commandId, message: failure.message }));
        return true;
      }
      store.dispatch(syncFailed({ message: failure.message }));
      scheduleRetry();
      return false;
    }
  }

  async function flush() {
    if (sending || stopped) return;
    sending = true;
    try {
      for (let next = cart().outbox[0]; next !== undefined && !stopped; next = cart().outbox[0]) {
        if (!(await send(next))) return;
      }
    } finally {
      sending = false;
    }
    if ((readAfterSending || cart().sync.readWanted) && !stopped) {
      readAfterSending = false;
      await pull();
    }
  }

  function scheduleRetry() {
    if (retryTimer !== null || stopped) return;
    retryTimer = setTimer(() => {
      retryTimer = null;
      void flush();
    }, retryDelayMs(cart().sync.failures));
  }

  function sendNow() {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
    void flush();
  }

  /**
   * With nothing to send, read the server's cart once: a customer's cart follows them from other devices, and
   * checkout asks for it afresh (`serverCartReadRequested`).
   * Its answer is adopted only if nothing changed meanwhile (a queued command brings a fresher one).
   */
  async function pull() {
    const before = cart();
    if (before.outbox.length > 0) return;
    const target =
      before.customerId === null
        ? ({ kind: 'anonymous', cartId: before.cartId } as const)
        : ({ kind: 'customer' } as const);
    store.dispatch(pullStarted());
    try {
      const answer = cartView.safeParse(await get(cartBasePath(target)));
      const now = cart();
      if (
        answer.success &&
        now.outbox.length === 0 &&
        now.customerId === before.customerId &&
        now.cartId === before.cartId
      ) {
        store.dispatch(cartPulled(answer.data));
      }
    } catch {
      // Unreachable or not there yet (a cart nobody has written to): the local cart stands.
    } finally {
      store.dispatch(pullEnded());
    }
  }

  function onChange() {
    if (stopped) return;
    followSession();
    const state = cart();
    if (storage !== undefined && state !== lastStored && (lastStored === null || persistedChanged(lastStored, state)))
      storeCart(storage, state);
    lastStored = state;
    if (state.sync.requested !== lastRequested) {
      lastRequested = state.sync.requested;
      sendNow();
    } else if (state.outbox.length > 0 && retryTimer === null) void flush();
    // A read asked for with changes still queued waits for them: the flush reads the cart once they are sent.
    else if (state.sync.readWanted && state.outbox.length === 0 && !state.sync.pulling && !sending) void pull();
  }

  const unsubscribe = store.subscribe(onChange);
  followSession();
  onChange();
  void pull();

  return {
    /** Send now (the connection is back, or the shopper asked to try again). */
    sendNow,
    /** Read the server's cart again (e.g. another device changed it). */
    pull,
    /**
     * Another tab stored a newer cart. Only one of the same owner is taken: a tab signed in on its own
     * (sessionStorage) and an anonymous tab would otherwise keep replacing each other's cart.
     */
    adoptStored(text: string | null) {
      const stored = parseStoredCart(text);
      if (stored !== null && stored.customerId === selectCustomerId(store.getState()))
        store.dispatch(cartReplacedFromStorage(stored));
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (retryTimer !== null) clearTimer(retryTimer);
    },
  };
}

const persistedChanged = (before: CartState, after: CartState) =>
  before.cartId !== after.cartId ||
  before.customerId !== after.customerId ||
  before.lines !== after.lines ||
  before.confirmedLines !== after.confirmedLines ||
  before.confirmedRevision !== after.confirmedRevision ||
  before.expiresAt !== after.expiresAt ||
  before.outbox !== after.outbox;

export type CartSync = ReturnType<typeof startCartSync>;

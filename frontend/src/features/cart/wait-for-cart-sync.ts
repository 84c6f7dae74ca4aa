import { syncRequested, type CartState } from './cart-slice.ts';

interface StoreWithCart {
  getState(): { cart: CartState };
  dispatch(action: { type: string }): unknown;
  subscribe(listener: () => void): () => void;
}

/**
 * Resolves once every queued cart change has been answered by the server (checkout must price what the shopper
 * sees); asks the sync to send at once, and rejects with its message when the API cannot be reached.
 */
export function waitForCartSync(store: StoreWithCart): Promise<void> {
  return new Promise((resolve, reject) => {
    const failuresBefore = store.getState().cart.sync.failures;
    const check = () => {
      const { outbox, sync } = store.getState().cart;
      if (outbox.length === 0) return finish(() => resolve());
      if (sync.status === 'offline' && sync.failures > failuresBefore)
        finish(() => reject(new Error(sync.message ?? 'Your cart could not be saved. Please try again.')));
    };
    const unsubscribe = store.subscribe(check);
    const finish = (settle: () => void) => {
      unsubscribe();
      settle();
    };
    if (store.getState().cart.outbox.length === 0) return finish(() => resolve());
    store.dispatch(syncRequested());
  });
}

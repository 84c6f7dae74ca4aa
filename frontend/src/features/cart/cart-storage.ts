import { z } from 'zod';
import { cartLineView } from '@labshop/contracts/carts/queries';
import { emptyCart, persistedPart, restoredCart, type CartState, type PersistedCart } from './cart-slice.ts';

/** The spec's local-storage key for the cart. */
export const cartStorageKey = 'cartItems';

const option = z.object({ detailId: z.string(), packSize: z.string().nullable() });
const target = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('anonymous'), cartId: z.string() }),
  z.object({ kind: z.literal('customer') }),
]);
const item = cartLineView.omit({ previousUnitPriceCents: true, lineTotalCents: true, available: true });
const command = z.discriminatedUnion('type', [
  z.object({ type: z.literal('add'), commandId: z.string(), target, item }),
  z.object({
    type: z.literal('setQuantity'),
    commandId: z.string(),
    target,
    option,
    quantity: z.number().int().min(1),
  }),
  z.object({ type: z.literal('remove'), commandId: z.string(), target, option }),
  z.object({ type: z.literal('refresh'), commandId: z.string(), target }),
  z.object({ type: z.literal('merge'), commandId: z.string(), cartId: z.string() }),
]);

const persistedCart = z.object({
  cartId: z.string().min(1),
  customerId: z.string().nullable(),
  lines: z.array(cartLineView),
  confirmedLines: z.array(cartLineView),
  confirmedRevision: z.number().int().nullable(),
  expiresAt: z.number().nullable(),
  outbox: z.array(command),
}) satisfies z.ZodType<PersistedCart>;

/** The stored cart, or null when there is none or it is not one this version wrote (a fresh cart replaces it). */
export function parseStoredCart(text: string | null): PersistedCart | null {
  if (text === null) return null;
  try {
    const parsed = persistedCart.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function loadStoredCart(storage: Pick<Storage, 'getItem'>, now: number): CartState {
  const stored = parseStoredCart(storage.getItem(cartStorageKey));
  return stored === null ? emptyCart() : restoredCart(stored, now);
}

export function storeCart(storage: Pick<Storage, 'setItem'>, state: CartState) {
  storage.setItem(cartStorageKey, JSON.stringify(persistedPart(state)));
}

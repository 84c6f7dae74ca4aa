import { CART_LIFETIME_MS } from '@labshop/contracts/carts/fold-cart';

/**
 * A cart's times as the server answers them for a cart last changed an hour ago: days from its expiry whenever the
 * tests run (fixed dates made the cart fixtures expire on 28 Nov 2026, and the cart page then waited for a new cart).
 */
export function lastChangedAnHourAgo(now = Date.now()): { updatedAt: string; expiresAt: string } {
  const updatedAt = now - 60 * 60 * 1000;
  return {
    updatedAt: new Date(updatedAt).toISOString(),
    expiresAt: new Date(updatedAt + CART_LIFETIME_MS).toISOString(),
  };
}

import { CHECKOUT_LIFETIME_MS } from './events.ts';

/** When an unpaid checkout placed at `placedAt` (ISO) expires. */
export const checkoutExpiresAt = (placedAt: string) =>
  new Date(Date.parse(placedAt) + CHECKOUT_LIFETIME_MS).toISOString();

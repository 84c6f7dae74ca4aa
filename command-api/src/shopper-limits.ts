import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '@labshop/platform/http/auth-guard';
import { limitRequests, type LimitCheck, type RateLimit } from './rate-limits.ts';

/**
 * Limits on what shoppers write, set where no person ever meets them: a scientist filling a cart clicks a
 * few times a minute and places a handful of orders a day. They stop scripts that would fill the event
 * store or use up a day's order numbers (issue 23). "Per shopper" is the customer, or the cart id of an
 * anonymous cart; "per address" is the client address (TRUST_PROXY decides which), shared by a whole lab
 * behind one NAT, so it is set much higher.
 */
export interface ShopperLimits {
  /** Cart commands: add, change, remove, clear, refresh, merge, repeat an order into the cart. */
  cart: { perShopper: RateLimit; perAddress: RateLimit };
  /** Checkout: place an order, pay it by purchase order, turn it into a quote request, accept a quote. */
  checkout: { perShopper: RateLimit; perAddress: RateLimit };
}

export const DEFAULT_SHOPPER_LIMITS: ShopperLimits = {
  cart: { perShopper: { max: 120, timeWindow: '1 minute' }, perAddress: { max: 1_200, timeWindow: '1 minute' } },
  checkout: { perShopper: { max: 30, timeWindow: '10 minutes' }, perAddress: { max: 600, timeWindow: '10 minutes' } },
};

const cartMessage = (wait: string) =>
  `You have changed your cart very often in a short time. Please wait ${wait} and try again.`;
const checkoutMessage = (wait: string) =>
  `You have placed many orders in a short time. Please wait ${wait} and try again, or call us.`;

/** The customer's id, or the anonymous cart's id from the path. */
function shopperOf(request: FastifyRequest): string {
  const cartId = (request.params as { cartId?: string } | undefined)?.cartId;
  return cartId ? `cart:${cartId}` : `customer:${actorOf(request).id}`;
}

/**
 * The hooks a route adds after its authentication (the customer must be known): per shopper and per
 * address, for cart commands and for checkouts. `false` turns them off (benchmarks drive 32 clients
 * from one address).
 */
export function shopperLimitChecks(
  app: FastifyInstance,
  limits: ShopperLimits | false,
): { cart: LimitCheck[]; checkout: LimitCheck[] } {
  if (!limits) return { cart: [], checkout: [] };
  const checks = (family: 'cart' | 'checkout', message: (wait: string) => string) => [
    limitRequests(app, { name: `${family}-shopper`, limit: limits[family].perShopper, keyOf: shopperOf, message }),
    limitRequests(app, {
      name: `${family}-address`,
      limit: limits[family].perAddress,
      keyOf: (request) => request.ip,
      message,
    }),
  ];
  return { cart: checks('cart', cartMessage), checkout: checks('checkout', checkoutMessage) };
}

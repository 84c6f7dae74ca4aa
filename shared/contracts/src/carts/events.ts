import { everyEventType } from '../every-event-type.ts';

/**
 * Events of a shopping cart. An anonymous cart lives in `cart-<cartId>` (the browser makes the uuid);
 * a signed-in customer's cart in `customer-cart-<customerId>`, so it follows them across devices.
 * Every event carries the `commandId` of the command that caused it (the browser outbox's uuid: a
 * retried command is recognised and changes nothing) and `at`, the time of the change, so folding
 * the stream alone tells when the cart expires.
 */
export const cartStream = (cartId: string) => `cart-${cartId}`;
export const customerCartStream = (customerId: string) => `customer-cart-${customerId}`;

/** Whose cart a stream holds: the anonymous cart id, or the customer id of a customer cart; null for other streams. */
export function cartOfStream(stream: string): { owner: 'anonymous' | 'customer'; cartId: string } | null {
  if (stream.startsWith('customer-cart-')) return { owner: 'customer', cartId: stream.slice('customer-cart-'.length) };
  if (stream.startsWith('cart-')) return { owner: 'anonymous', cartId: stream.slice('cart-'.length) };
  return null;
}

/** A line is one detail in one pack size: `packSize` null is the detail itself (it has no price tiers). */
export interface CartLineKey {
  detailId: string;
  packSize: string | null;
}

/** What a line shows of the catalogue, copied when its price was taken. Money in integer cents. */
export interface CartLineSnapshot {
  subproductId: string;
  /** The subproduct's name. */
  productName: string;
  productType: string;
  catalogNumber: string;
  innerPackageId: string;
  imageUrl: string | null;
  /** The storefront URL of the product page. */
  productPath: string;
  /** The undiscounted price of the pack; unitPriceCents is this less discountPercent. */
  listPriceCents: number;
  discountPercent: number;
}

/** A priced line as events carry it (added, merged). */
export interface PricedCartLine extends CartLineKey, CartLineSnapshot {
  quantity: number;
  unitPriceCents: number;
  /** False when the catalogue no longer sells it (hidden or deleted). */
  available: boolean;
}

interface CartChange {
  commandId: string;
  /** ISO time of the change. */
  at: string;
}

export type CartEvent =
  | {
      type: 'CartItemAdded';
      data: CartChange & CartLineKey & CartLineSnapshot & { quantity: number; unitPriceCents: number };
    }
  | { type: 'CartItemQuantityChanged'; data: CartChange & CartLineKey & { quantity: number } }
  | { type: 'CartItemRemoved'; data: CartChange & CartLineKey }
  | { type: 'CartCleared'; data: CartChange }
  /** Written by a refresh when the catalogue price moved; the snapshot is the catalogue's now. */
  | {
      type: 'CartLinePriceChanged';
      data: CartChange &
        CartLineKey & { oldUnitPriceCents: number; newUnitPriceCents: number; snapshot: CartLineSnapshot };
    }
  /** Written by a refresh when a line stopped (or started again) being sold. */
  | { type: 'CartLineAvailabilityChanged'; data: CartChange & CartLineKey & { available: boolean } }
  /** On the customer cart: an anonymous cart's lines added in at sign-in (same detail and pack size add up). */
  | { type: 'CartMerged'; data: CartChange & { fromCartId: string; lines: PricedCartLine[] } }
  /** On the anonymous cart: its lines went into a customer's cart; it is empty from here on. */
  | { type: 'CartMergedAway'; data: CartChange & { intoCustomerId: string; lines: PricedCartLine[] } }
  /** The cart became an order; it is empty from here on. */
  | { type: 'CartCheckedOut'; data: CartChange & { orderId: string } };

export type CartEventType = CartEvent['type'];

export const cartEventTypes = everyEventType<CartEventType>()([
  'CartItemAdded',
  'CartItemQuantityChanged',
  'CartItemRemoved',
  'CartCleared',
  'CartLinePriceChanged',
  'CartLineAvailabilityChanged',
  'CartMerged',
  'CartMergedAway',
  'CartCheckedOut',
]);

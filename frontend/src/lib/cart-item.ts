import type { CartLineView } from '@labshop/contracts/carts/queries';

/**
 * What Add to cart hands to the cart: the option as the product page shows it (the catalogue feature
 * makes it, the cart feature keeps it); the server prices it again from the catalogue.
 */
export type CartItem = Omit<CartLineView, 'previousUnitPriceCents' | 'lineTotalCents' | 'available'>;

import { shippingMethodInput, type ShippingMethodId } from '@labshop/contracts/orders/shipping';

const KEY = 'labshop.checkout.shipping-method';

/** The method the shopper chose at the shipping step in this tab (Ground before any): Back to the address keeps it. */
export function lastShippingMethod(): ShippingMethodId {
  const stored = shippingMethodInput.safeParse(sessionStorage.getItem(KEY));
  return stored.success ? stored.data : 'ground';
}

export function rememberShippingMethod(method: ShippingMethodId): void {
  sessionStorage.setItem(KEY, method);
}

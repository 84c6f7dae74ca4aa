import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartView } from '@labshop/contracts/carts/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The customer's server cart, the one an order is placed from (its prices are the catalogue's, not the browser's). */
export const checkoutCartQueryKey = [...queryKeys.account, 'cart', 'checkout'] as const;

export const getCheckoutCart = (signal?: AbortSignal) => apiClient.get<CartView>('/api/account/cart', { signal });

// Always read afresh when step 2 opens (not the app's 30 s staleness): it is the cart the order will be placed from.
export const checkoutCartQueryOptions = () =>
  queryOptions({ queryKey: checkoutCartQueryKey, queryFn: ({ signal }) => getCheckoutCart(signal), staleTime: 0 });

export const useCheckoutCart = (enabled: boolean) => useQuery({ ...checkoutCartQueryOptions(), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedAddressView } from '@labshop/contracts/orders/queries';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** The customer's latest address (their last order's, else their profile's); null when they have none yet. */
export async function getSavedAddress(signal?: AbortSignal): Promise<SavedAddressView | null> {
  try {
    return await apiClient.get<SavedAddressView>('/api/account/address', { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const savedAddressQueryKey = [...queryKeys.account, 'address'] as const;

export const savedAddressQueryOptions = () =>
  queryOptions({ queryKey: savedAddressQueryKey, queryFn: ({ signal }) => getSavedAddress(signal) });

export const useSavedAddress = () => useQuery(savedAddressQueryOptions());

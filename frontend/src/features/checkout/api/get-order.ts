import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@labshop/shared/queries/orders';
import { ApiError, apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const orderQueryKey = (orderId: string) => [...queryKeys.accountOrders, 'one', orderId] as const;

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  apiClient.get<OrderView>(`/api/account/orders/${encodeURIComponent(orderId)}`, { signal });

export const orderQueryOptions = (orderId: string) => queryOptions({ queryKey: orderQueryKey(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

/**
 * One order of the signed-in customer. `justPlaced`: the order was written a moment ago, so its read model may
 * still be catching up on a busy shop (the read waits 5 s for it at most): a 404 is asked again for a while.
 */
export const useOrder = (orderId: string, justPlaced = false) =>
  useQuery({
    ...orderQueryOptions(orderId),
    ...(justPlaced && { retry: (failures: number, error: Error) => failures < 15 && error instanceof ApiError && error.status === 404, retryDelay: 1_000 }),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const orderQueryKey = (orderId: string) => [...queryKeys.accountOrders, 'one', orderId] as const;

export const getOrder = (orderId: string, signal?: AbortSignal) =>
  apiClient.get<OrderView>(`/api/account/orders/${encodeURIComponent(orderId)}`, { signal });

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: orderQueryKey(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

/**
 * One order of the signed-in customer. An order just placed needs nothing more: the api-client sends the position the
 * command answered with, and the query API answers once its read model has that position (read your own writes).
 */
export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));

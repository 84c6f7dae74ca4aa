import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderView } from '@labshop/contracts/orders/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** One of the customer's own orders (another customer's answers 404, like a missing one). */
export const getMyOrder = (orderId: string, signal?: AbortSignal) =>
  apiClient.get<OrderView>(`/api/account/orders/${encodeURIComponent(orderId)}`, { signal });

export const myOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...queryKeys.accountOrders, 'order', orderId] as const,
    queryFn: ({ signal }) => getMyOrder(orderId, signal),
  });

export const useMyOrder = (orderId: string) => useQuery(myOrderQueryOptions(orderId));

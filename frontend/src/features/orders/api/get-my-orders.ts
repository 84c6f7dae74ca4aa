import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderKind, OrderListView } from '@labshop/contracts/orders/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const MY_ORDERS_PAGE_SIZE = 10;

export const getMyOrders = (kind: OrderKind, page: number, signal?: AbortSignal) =>
  apiClient.get<OrderListView>(
    `/api/account/orders?${new URLSearchParams({ kind, page: String(page), pageSize: String(MY_ORDERS_PAGE_SIZE) }).toString()}`,
    { signal },
  );

export const myOrdersQueryOptions = (kind: OrderKind, page: number) =>
  queryOptions({
    queryKey: [...queryKeys.accountOrders, 'list', kind, page] as const,
    queryFn: ({ signal }) => getMyOrders(kind, page, signal),
  });

/** The previous page stays on screen while the next one loads, so paging does not flash an empty list. */
export const useMyOrders = (kind: OrderKind, page: number) =>
  useQuery({ ...myOrdersQueryOptions(kind, page), placeholderData: keepPreviousData });

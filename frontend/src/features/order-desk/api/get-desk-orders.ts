import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderDeskListView } from '@labshop/contracts/orders/desk-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { listQueryString, type DeskFilters } from '../desk-filters.ts';

export type DeskOrderList = z.infer<typeof orderDeskListView>;
export type DeskOrderRow = DeskOrderList['orders'][number];

export const getDeskOrders = (filters: DeskFilters, signal?: AbortSignal) =>
  apiClient.get<DeskOrderList>(`/api/admin/orders?${listQueryString(filters)}`, { signal });

export const deskOrdersQueryOptions = (filters: DeskFilters) =>
  queryOptions({
    queryKey: [...queryKeys.adminOrders, 'list', filters] as const,
    queryFn: ({ signal }) => getDeskOrders(filters, signal),
    // New orders arrive all the time; the desk is opened to see the latest.
    staleTime: 0,
  });

/** The previous page stays on screen (marked busy) while the next page or filter loads, so the table does not flash. */
export const useDeskOrders = (filters: DeskFilters) =>
  useQuery({ ...deskOrdersQueryOptions(filters), placeholderData: keepPreviousData });

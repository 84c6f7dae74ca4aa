import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { orderDeskOrderView } from '@labshop/contracts/orders/desk-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type DeskOrderDetail = z.infer<typeof orderDeskOrderView>;
export type DeskOrder = DeskOrderDetail['order'];
export type TimelineEntry = DeskOrderDetail['timeline'][number];

export const getDeskOrder = (orderId: string, signal?: AbortSignal) =>
  apiClient.get<DeskOrderDetail>(`/api/admin/orders/${encodeURIComponent(orderId)}`, { signal });

export const deskOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminOrders, 'order', orderId] as const,
    queryFn: ({ signal }) => getDeskOrder(orderId, signal),
    staleTime: 0,
  });

export const useDeskOrder = (orderId: string) => useQuery(deskOrderQueryOptions(orderId));

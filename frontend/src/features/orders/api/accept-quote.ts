import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderView } from '@labshop/shared/queries/orders';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** 'Accept' in My Quotes: the version the customer saw, so a quote revised meanwhile is refused (409), not accepted blind. */
export const acceptQuote = ({ orderId, expectedVersion }: { orderId: string; expectedVersion: number }) =>
  apiClient.post<OrderView & { position: string }>(`/api/account/orders/${encodeURIComponent(orderId)}/accept-quote`, { expectedVersion });

/** Whatever the answer, My Orders and My Quotes are read again: a 409 usually means the quote changed. */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptQuote, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders }) });
}

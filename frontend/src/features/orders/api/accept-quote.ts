import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptQuoteInput, DeclineQuoteInput, OrderCommandAnswer } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** 'Accept' in My Quotes: the version the customer saw, so a quote revised meanwhile is refused (409), not accepted blind; the PO number goes on the invoice. */
export const acceptQuote = ({ orderId, expectedVersion, poNumber }: AcceptQuoteInput & { orderId: string }) =>
  apiClient.post<OrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/accept-quote`, {
    expectedVersion,
    poNumber,
  });

/** 'Decline' in My Quotes, with the customer's reason if they give one. */
export const declineQuote = ({ orderId, expectedVersion, reason }: DeclineQuoteInput & { orderId: string }) =>
  apiClient.post<OrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/decline-quote`, {
    expectedVersion,
    reason,
  });

/** Whatever the answer, My Orders and My Quotes are read again: a 409 usually means the quote changed. */
export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders }),
  });
}

export function useDeclineQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: declineQuote,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders }),
  });
}

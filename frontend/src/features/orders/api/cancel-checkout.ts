import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCommandAnswer } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** 'Cancel' in My Orders: the customer ends their own checkout that is still awaiting payment. */
export const cancelCheckout = (orderId: string) =>
  apiClient.post<OrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/cancel`, {});

/** Whatever the answer, My Orders is read again: a 409 means the order was paid or cancelled meanwhile. */
export function useCancelCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCheckout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders }),
  });
}

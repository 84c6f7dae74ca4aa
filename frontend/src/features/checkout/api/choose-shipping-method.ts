import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChooseShippingMethodInput, OrderCommandAnswer } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { orderQueryKey } from './get-order.ts';

export const chooseShippingMethod = (orderId: string, choice: ChooseShippingMethodInput) =>
  apiClient.post<OrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/shipping-method`, choice);

/**
 * The shipping step's choice for the order the address step placed (the order is placed once: this revises its
 * shipping, tax and total). The answer is the order, so the payment page starts from it.
 */
export function useChooseShippingMethod(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: ChooseShippingMethodInput) => chooseShippingMethod(orderId, choice),
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders, refetchType: 'none' });
      queryClient.setQueryData(orderQueryKey(order.orderId), order);
    },
  });
}

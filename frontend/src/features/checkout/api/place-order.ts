import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderInput } from '@labshop/shared/commands/orders';
import type { OrderView } from '@labshop/shared/queries/orders';
import { apiClient } from '@/lib/api-client.ts';
import { orderQueryKey } from './get-order.ts';

export const placeOrder = (order: PlaceOrderInput) => apiClient.post<OrderView>('/api/account/orders', order);

/** The answer is the order itself, so the payment page starts from it without waiting for the read model. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => queryClient.setQueryData(orderQueryKey(order.orderId), order),
  });
}

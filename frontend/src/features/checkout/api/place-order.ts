import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCommandAnswer, PlaceOrderInput } from '@labshop/contracts/orders/commands';
import type { SavedAddressView } from '@labshop/contracts/orders/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { orderQueryKey } from './get-order.ts';
import { savedAddressQueryKey } from './get-saved-address.ts';

export const placeOrder = (order: PlaceOrderInput) => apiClient.post<OrderCommandAnswer>('/api/account/orders', order);

/**
 * The answer is the order itself, so the payment page starts from it without waiting for the read model.
 * The order lists are only marked stale: nothing on this page shows them.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.accountOrders, refetchType: 'none' });
      // The saved address is now this order's: Back to the address step finds it as it was sent.
      queryClient.setQueryData<SavedAddressView>(savedAddressQueryKey, {
        ...order.address,
        billingAddress: order.billingAddress ?? null,
        taxExemptNumber: order.taxExemptNumber ?? '',
        source: 'last-order',
      });
      queryClient.setQueryData(orderQueryKey(order.orderId), order);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RepeatOrderCommandAnswer } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Every still-available line of the order back into the customer's cart at today's price; the commandId makes a retry harmless. */
export const repeatOrder = (orderId: string) =>
  apiClient.post<RepeatOrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/repeat`, {
    commandId: crypto.randomUUID(),
  });

export function useRepeatOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repeatOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.account, 'cart'] }),
  });
}

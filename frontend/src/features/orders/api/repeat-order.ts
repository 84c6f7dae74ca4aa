import { useMutation } from '@tanstack/react-query';
import type { RepeatOrderCommandAnswer } from '@labshop/contracts/orders/commands';
import { apiClient } from '@/lib/api-client.ts';

/** Every still-available line of the order back into the customer's cart at today's price; the commandId makes a retry harmless. */
export const repeatOrder = (orderId: string) =>
  apiClient.post<RepeatOrderCommandAnswer>(`/api/account/orders/${encodeURIComponent(orderId)}/repeat`, {
    commandId: crypto.randomUUID(),
  });

/** Its answer carries the cart the server made, which the caller hands to the cart slice (the cart's one home). */
export const useRepeatOrder = () => useMutation({ mutationFn: repeatOrder });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Erases a customer (CCPA/GDPR); the order desk then shows their orders as the erased customer's. */
export const eraseCustomer = (customerId: string) =>
  apiClient.post<PositionAnswer>(`/api/admin/customers/${encodeURIComponent(customerId)}/erase`, {});

export function useEraseCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseCustomer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
}

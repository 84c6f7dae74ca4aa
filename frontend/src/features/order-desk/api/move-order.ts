import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import type { DeskAction } from '../desk-actions.ts';

export interface OrderMove {
  orderId: string;
  action: DeskAction;
  /** The order's version as the admin saw it: a move made on an out-of-date page is refused, not applied blindly. */
  expectedVersion: number;
  /** The action's own fields: carrier and tracking number, a reason, a payment reference. */
  fields?: Record<string, string>;
}

export const moveOrder = ({ orderId, action, expectedVersion, fields = {} }: OrderMove) =>
  apiClient.post<PositionAnswer>(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`, {
    ...fields,
    expectedVersion,
  });

/**
 * One staff move. The answer's position is remembered by the api-client, so the refetches it awaits
 * carry it and the page cannot show the state from before the move; on a refusal too, the order is
 * read again, because a 409 usually means the page was out of date.
 */
export function useMoveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { IssueCreditNoteInput, SendQuoteInput } from '@labshop/contracts/orders/desk-commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

const post = (orderId: string, path: 'quote' | 'credit-notes', body: object) =>
  apiClient.post<PositionAnswer>(`/api/admin/orders/${encodeURIComponent(orderId)}/${path}`, body);

/** Send (or revise) the quote: a unit price per line in cents, the last day, and the version the admin saw. */
export const sendQuote = ({ orderId, ...body }: SendQuoteInput & { orderId: string }) => post(orderId, 'quote', body);

/** Issue a credit note against the order's invoice. */
export const issueCreditNote = ({ orderId, ...body }: IssueCreditNoteInput & { orderId: string }) =>
  post(orderId, 'credit-notes', body);

/** Like the desk's moves: the order is read again after the answer, refusals included (a 409 usually means it changed). */
function useDeskCommand<Input>(mutationFn: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminOrders }),
  });
}

export const useSendQuote = () => useDeskCommand(sendQuote);
export const useIssueCreditNote = () => useDeskCommand(issueCreditNote);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { SubmissionKind } from '@labshop/contracts/inbox/commands';
import { apiClient } from '@/lib/api-client.ts';
import { inboxQueryKey } from './get-inbox.ts';

export const markAnswered = ({ kind, id }: { kind: SubmissionKind; id: string }) =>
  apiClient.post<PositionAnswer>(`/api/admin/inbox/${kind}/${encodeURIComponent(id)}/answer`, {});

/** The answer's position is remembered by the api-client, so the refetch shows the message answered. A 409 (answered meanwhile) refetches too. */
export function useMarkAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAnswered,
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxQueryKey }),
  });
}

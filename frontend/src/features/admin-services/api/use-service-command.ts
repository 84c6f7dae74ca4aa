import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshServiceQueries } from './refresh-service-queries.ts';

export const adminServicePath = (serviceId: string) => `/api/admin/services/${encodeURIComponent(serviceId)}`;

/** A mutation that settles only once the admin list and the storefront's service queries show its write. */
export function useServiceCommand<Input, Answer>(command: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const answer = await command(input);
      await refreshServiceQueries(queryClient);
      return answer;
    },
  });
}

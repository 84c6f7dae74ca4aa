import { MutationCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * The shop's query client. Every command is in the audit log, so once one succeeds an open History panel, audit log or
 * time travel reads again (only what is on screen refetches): it never shows "No history" beside the change just made.
 */
export function createQueryClient(queries: DefaultOptions['queries'] = {}) {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // Not awaited: the command's own answer does not wait for the log to be read again.
      onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.adminAudit }),
    }),
    defaultOptions: { queries },
  });
  return client;
}

export const queryClient = createQueryClient({
  staleTime: 30_000,
  // A 4xx will not change by asking again; network blips and 5xx get one more try.
  retry: (failureCount, error) =>
    failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
});

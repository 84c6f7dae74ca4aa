import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * A service command changes the back office's list and what the storefront shows (home list, Services
 * menu, /services, the service's page). Awaited by the mutations, so their pending state lasts until
 * the screens show the change; the refetches carry the command's position, so they cannot come back stale.
 */
export const refreshServiceQueries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminServices }),
    queryClient.invalidateQueries({ queryKey: queryKeys.services }),
  ]);

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffSession } from '@labshop/contracts/admins/back-office';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const getStaffSession = (signal?: AbortSignal) => apiClient.get<StaffSession>('/api/admin/session', { signal });

export const staffSessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminSession,
    queryFn: ({ signal }) => getStaffSession(signal),
    // A member's role does not change while they work; a new sign-in drops every admin query.
    staleTime: Infinity,
  });

/** The signed-in member as the server knows them: email, role and what the role permits. */
export const useStaffSession = () => useQuery(staffSessionQueryOptions());

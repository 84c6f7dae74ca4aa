import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxListView } from '@labshop/contracts/inbox/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type InboxStatusFilter = 'all' | 'new' | 'answered';

/** Under the admin prefix, so the inbox leaves the cache when the admin session ends. */
export const inboxQueryKey = [...queryKeys.admin, 'inbox'] as const;

export const getInbox = (status: InboxStatusFilter, page: number, signal?: AbortSignal) => {
  const search = new URLSearchParams({ page: String(page) });
  if (status !== 'all') search.set('status', status);
  return apiClient.get<InboxListView>(`/api/admin/inbox?${search.toString()}`, { signal });
};

export const inboxQueryOptions = (status: InboxStatusFilter, page: number) =>
  queryOptions({
    queryKey: [...inboxQueryKey, status, page] as const,
    queryFn: ({ signal }) => getInbox(status, page, signal),
    // Messages arrive all the time; the inbox is opened to see the latest.
    staleTime: 0,
  });

export const useInbox = (status: InboxStatusFilter, page: number) =>
  useQuery({ ...inboxQueryOptions(status, page), placeholderData: keepPreviousData });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxListView } from '@labshop/contracts/inbox/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type InboxStatusFilter = 'all' | 'new' | 'answered';

/** The inbox's status and page from its URL (the API's own names); anything else reads as all, page 1. */
export function inboxViewFromSearch(search: URLSearchParams): { status: InboxStatusFilter; page: number } {
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    status: status === 'new' || status === 'answered' ? status : 'all',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function searchFromInboxView({ status, page }: { status: InboxStatusFilter; page: number }): URLSearchParams {
  const search = new URLSearchParams();
  if (status !== 'all') search.set('status', status);
  if (page > 1) search.set('page', String(page));
  return search;
}

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

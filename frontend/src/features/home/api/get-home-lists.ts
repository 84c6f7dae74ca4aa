import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { homeItem, homeResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A detail on the home page, with its featured blurb (spec: productTemp). */
export type HomeItem = z.infer<typeof homeItem>;

/** Full lists in catalogue order; the home page decides how many to show. */
export type HomeLists = z.infer<typeof homeResponse>;

export const getHomeLists = (signal?: AbortSignal) => apiClient.get<HomeLists>('/api/catalogue/home', { signal });

export const homeListsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'home'],
    queryFn: ({ signal }) => getHomeLists(signal),
  });

export const useHomeLists = () => useQuery(homeListsQueryOptions());

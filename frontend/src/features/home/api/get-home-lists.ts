import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ListedDetail } from '@/lib/catalogue-shapes.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A detail on the home page, with its featured blurb (spec: productTemp). */
export type HomeItem = ListedDetail & { featuredText: string };

/** Full lists in catalogue order; the home page decides how many to show. */
export interface HomeLists {
  featured: HomeItem[];
  bestSellers: HomeItem[];
}

export const getHomeLists = (signal?: AbortSignal) => apiClient.get<HomeLists>('/api/catalogue/home', { signal });

export const homeListsQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'home'],
    queryFn: ({ signal }) => getHomeLists(signal),
  });

export const useHomeLists = () => useQuery(homeListsQueryOptions());

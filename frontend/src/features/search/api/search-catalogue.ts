import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ListedDetail } from '@/lib/catalogue-shapes.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type SearchResult = ListedDetail & { title: string };

export interface SearchResults {
  /** The text as the API searched it (trimmed). */
  query: string;
  results: SearchResult[];
}

export const searchCatalogue = (text: string, signal?: AbortSignal) =>
  apiClient.get<SearchResults>(`/api/catalogue/search?${new URLSearchParams({ q: text }).toString()}`, { signal });

export const searchCatalogueQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'search', text],
    queryFn: ({ signal }) => searchCatalogue(text, signal),
  });

export const useSearchCatalogue = (text: string) => useQuery(searchCatalogueQueryOptions(text));

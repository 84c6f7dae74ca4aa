import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { searchResponse, searchResult } from '@labshop/shared/queries/catalogue';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type SearchResult = z.infer<typeof searchResult>;

/** `query`: the text as the API searched it (trimmed). */
export type SearchResults = z.infer<typeof searchResponse>;

export const searchCatalogue = (text: string, signal?: AbortSignal) =>
  apiClient.get<SearchResults>(`/api/catalogue/search?${new URLSearchParams({ q: text }).toString()}`, { signal });

export const searchCatalogueQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'search', text],
    queryFn: ({ signal }) => searchCatalogue(text, signal),
  });

export const useSearchCatalogue = (text: string) => useQuery(searchCatalogueQueryOptions(text));

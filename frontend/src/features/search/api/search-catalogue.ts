import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { searchResponse, searchResult } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { searchFromParams, type SearchParams } from '../search-params.ts';

export type SearchResult = z.infer<typeof searchResult>;

/** `query`: the text as the API searched it (trimmed); `results`: the page asked for; facets count every match. */
export type SearchResults = z.infer<typeof searchResponse>;

export const searchCatalogue = (params: SearchParams, signal?: AbortSignal) =>
  apiClient.get<SearchResults>(`/api/catalogue/search?${searchFromParams(params).toString()}`, { signal });

export const searchCatalogueQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'search', searchFromParams(params).toString()],
    queryFn: ({ signal }) => searchCatalogue(params, signal),
    // Facets, sort and pages of the same search keep the page in place while the next answer loads.
    placeholderData: keepPreviousData,
  });

export const useSearchCatalogue = (params: SearchParams) => useQuery(searchCatalogueQueryOptions(params));

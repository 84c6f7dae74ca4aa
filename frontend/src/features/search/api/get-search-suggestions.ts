import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { suggestionsResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { SEARCH_MIN_LENGTH } from '../search-constants.ts';

/** `title`: '<subproduct name> <product type>' */
export type SearchSuggestion = z.infer<typeof suggestionsResponse>['suggestions'][number];

export async function getSearchSuggestions(text: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  const body = await apiClient.get<z.infer<typeof suggestionsResponse>>(
    `/api/catalogue/search/suggestions?${new URLSearchParams({ q: text }).toString()}`,
    { signal },
  );
  return body.suggestions;
}

export const searchSuggestionsQueryOptions = (text: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'suggestions', text],
    queryFn: ({ signal }) => getSearchSuggestions(text, signal),
    enabled: text.length >= SEARCH_MIN_LENGTH,
    // The list stays put while the next keystroke's answer is on its way, instead of flickering shut.
    placeholderData: keepPreviousData,
  });

/** `text` must already be trimmed and debounced: under the minimum length nothing is asked. */
export const useSearchSuggestions = (text: string) => useQuery(searchSuggestionsQueryOptions(text));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { SEARCH_MIN_LENGTH } from '../search-constants.ts';

export interface SearchSuggestion {
  detailId: string;
  /** '<subproduct name> <product type>' */
  title: string;
}

export async function getSearchSuggestions(text: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  const body = await apiClient.get<{ suggestions: SearchSuggestion[] }>(
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

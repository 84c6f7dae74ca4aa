import type { z } from 'zod';
import type { catalogNumbersResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';

export type CatalogueNumbers = z.infer<typeof catalogNumbersResponse>;

/** The listed detail and pack size each catalogue number names, and those nothing answers to (quick order). */
export function getCatalogueNumbers(numbers: readonly string[], signal?: AbortSignal): Promise<CatalogueNumbers> {
  const search = new URLSearchParams();
  for (const number of numbers) search.append('n', number);
  return apiClient.get<CatalogueNumbers>(`/api/catalogue/catalogue-numbers?${search.toString()}`, { signal });
}

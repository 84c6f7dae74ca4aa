import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { overviewResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `description`: sanitised HTML from the product content editor; may be ''. */
export type OverviewProduct = z.infer<typeof overviewResponse>['products'][number];

export async function getCatalogueOverview(signal?: AbortSignal): Promise<OverviewProduct[]> {
  const body = await apiClient.get<z.infer<typeof overviewResponse>>('/api/catalogue/overview', { signal });
  return body.products;
}

export const catalogueOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'overview'],
    queryFn: ({ signal }) => getCatalogueOverview(signal),
  });

export const useCatalogueOverview = () => useQuery(catalogueOverviewQueryOptions());

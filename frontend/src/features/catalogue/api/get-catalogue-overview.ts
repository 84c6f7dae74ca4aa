import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface OverviewProduct {
  productId: string;
  name: string;
  /** Sanitised HTML from the product content editor; may be ''. */
  description: string;
  subproducts: { subproductId: string; name: string; details: { detailId: string; productType: string }[] }[];
}

export async function getCatalogueOverview(signal?: AbortSignal): Promise<OverviewProduct[]> {
  const body = await apiClient.get<{ products: OverviewProduct[] }>('/api/catalogue/overview', { signal });
  return body.products;
}

export const catalogueOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'overview'],
    queryFn: ({ signal }) => getCatalogueOverview(signal),
  });

export const useCatalogueOverview = () => useQuery(catalogueOverviewQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A visible product category as the storefront sees it. */
export interface CatalogueProduct {
  productId: string;
  name: string;
}

/** Visible products only, already in display order. */
export async function getCatalogueProducts(signal?: AbortSignal): Promise<CatalogueProduct[]> {
  const body = await apiClient.get<{ products: CatalogueProduct[] }>('/api/catalogue/products', { signal });
  return body.products;
}

export const catalogueProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalogueProducts,
    queryFn: ({ signal }) => getCatalogueProducts(signal),
  });

export const useCatalogueProducts = () => useQuery(catalogueProductsQueryOptions());

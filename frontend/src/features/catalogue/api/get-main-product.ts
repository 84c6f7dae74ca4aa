import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { CatalogueImage } from '@/lib/catalogue-shapes.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface MainProduct {
  productId: string;
  name: string;
  /** The first visible sub-product's content (sanitised HTML); may be ''. */
  description: string;
  subproducts: { subproductId: string; name: string; image: CatalogueImage; detailCount: number }[];
}

export const getMainProduct = (productId: string, signal?: AbortSignal) =>
  apiClient.get<MainProduct>(`/api/catalogue/products/${encodeURIComponent(productId)}`, { signal });

export const mainProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'main-product', productId],
    queryFn: ({ signal }) => getMainProduct(productId, signal),
  });

export const useMainProduct = (productId: string) => useQuery(mainProductQueryOptions(productId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminProductsResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AdminProduct = z.infer<typeof adminProductsResponse>['products'][number];

/** Every product, hidden ones included, in display order. */
export async function getAdminProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  const body = await apiClient.get<z.infer<typeof adminProductsResponse>>('/api/admin/catalogue/products', { signal });
  return body.products;
}

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueProducts,
    queryFn: ({ signal }) => getAdminProducts(signal),
  });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

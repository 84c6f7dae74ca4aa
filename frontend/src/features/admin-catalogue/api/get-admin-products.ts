import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface AdminProduct {
  productId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  /** Sent back with an edit (expectedVersion), so an edit of a product someone changed since is refused. */
  version: number;
}

/** Every product, hidden ones included, in display order. */
export async function getAdminProducts(signal?: AbortSignal): Promise<AdminProduct[]> {
  const body = await apiClient.get<{ products: AdminProduct[] }>('/api/admin/catalogue/products', { signal });
  return body.products;
}

export const adminProductsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueProducts,
    queryFn: ({ signal }) => getAdminProducts(signal),
  });

export const useAdminProducts = () => useQuery(adminProductsQueryOptions());

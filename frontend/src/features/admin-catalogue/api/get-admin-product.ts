import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface AdminSubproduct {
  subproductId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  detailCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminProductWithSubproducts {
  productId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  /** The product content editor's sanitised HTML ('' when none). */
  content: string;
  /** Hidden ones included, in display order. */
  subproducts: AdminSubproduct[];
}

export const getAdminProduct = (productId: string, signal?: AbortSignal) =>
  apiClient.get<AdminProductWithSubproducts>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`, { signal });

export const adminProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueProduct(productId),
    queryFn: ({ signal }) => getAdminProduct(productId, signal),
  });

export const useAdminProduct = (productId: string) => useQuery(adminProductQueryOptions(productId));

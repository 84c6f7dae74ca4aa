import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminProductResponse, adminSubproduct } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AdminSubproduct = z.infer<typeof adminSubproduct>;

export type AdminProductWithSubproducts = z.infer<typeof adminProductResponse>;

export const getAdminProduct = (productId: string, signal?: AbortSignal) =>
  apiClient.get<AdminProductWithSubproducts>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`, {
    signal,
  });

export const adminProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueProduct(productId),
    queryFn: ({ signal }) => getAdminProduct(productId, signal),
  });

export const useAdminProduct = (productId: string) => useQuery(adminProductQueryOptions(productId));

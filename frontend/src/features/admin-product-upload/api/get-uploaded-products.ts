import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { uploadedProductsResponse } from '@labshop/contracts/catalogue/uploads-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type UploadedProduct = z.infer<typeof uploadedProductsResponse>['products'][number];

export async function getUploadedProducts(signal?: AbortSignal): Promise<UploadedProduct[]> {
  return (await apiClient.get<z.infer<typeof uploadedProductsResponse>>('/api/admin/product-uploads', { signal }))
    .products;
}

export const uploadedProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.adminProductUploads, queryFn: ({ signal }) => getUploadedProducts(signal) });

export const useUploadedProducts = () => useQuery(uploadedProductsQueryOptions());

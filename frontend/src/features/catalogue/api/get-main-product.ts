import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { mainProductResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** `description`: the first visible sub-product's content (sanitised HTML); may be ''. */
export type MainProduct = z.infer<typeof mainProductResponse>;

export const getMainProduct = (productId: string, signal?: AbortSignal) =>
  apiClient.get<MainProduct>(`/api/catalogue/products/${encodeURIComponent(productId)}`, { signal });

export const mainProductQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'main-product', productId],
    queryFn: ({ signal }) => getMainProduct(productId, signal),
  });

export const useMainProduct = (productId: string) => useQuery(mainProductQueryOptions(productId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { document, productDetailResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type CatalogueDocument = z.infer<typeof document>;
export type ProductDetail = z.infer<typeof productDetailResponse>;
export type PriceTier = ProductDetail['priceTiers'][number];

export const getProductDetail = (detailId: string, signal?: AbortSignal) =>
  apiClient.get<ProductDetail>(`/api/catalogue/details/${encodeURIComponent(detailId)}`, { signal });

export const productDetailQueryOptions = (detailId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'detail', detailId],
    queryFn: ({ signal }) => getProductDetail(detailId, signal),
  });

export const useProductDetail = (detailId: string) => useQuery(productDetailQueryOptions(detailId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import type { ListedDetail } from '@/lib/catalogue-shapes.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface SubproductGrid {
  subproductId: string;
  name: string;
  product: { productId: string; name: string };
  details: ListedDetail[];
}

export const getSubproductGrid = (subproductId: string, signal?: AbortSignal) =>
  apiClient.get<SubproductGrid>(`/api/catalogue/subproducts/${encodeURIComponent(subproductId)}`, { signal });

export const subproductGridQueryOptions = (subproductId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'subproduct', subproductId],
    queryFn: ({ signal }) => getSubproductGrid(subproductId, signal),
  });

export const useSubproductGrid = (subproductId: string) => useQuery(subproductGridQueryOptions(subproductId));

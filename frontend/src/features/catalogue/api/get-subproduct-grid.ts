import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { gridResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type SubproductGrid = z.infer<typeof gridResponse>;

export const getSubproductGrid = (subproductId: string, signal?: AbortSignal) =>
  apiClient.get<SubproductGrid>(`/api/catalogue/subproducts/${encodeURIComponent(subproductId)}`, { signal });

export const subproductGridQueryOptions = (subproductId: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'subproduct', subproductId],
    queryFn: ({ signal }) => getSubproductGrid(subproductId, signal),
  });

export const useSubproductGrid = (subproductId: string) => useQuery(subproductGridQueryOptions(subproductId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { menuResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type MenuProduct = z.infer<typeof menuResponse>['products'][number];

/** Visible products with their visible sub-products, in display order (header menu, home banner and categories). */
export async function getCatalogueMenu(signal?: AbortSignal): Promise<MenuProduct[]> {
  const body = await apiClient.get<z.infer<typeof menuResponse>>('/api/catalogue/menu', { signal });
  return body.products;
}

export const catalogueMenuQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'menu'],
    queryFn: ({ signal }) => getCatalogueMenu(signal),
  });

export const useCatalogueMenu = () => useQuery(catalogueMenuQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export interface MenuProduct {
  productId: string;
  name: string;
  subproducts: { subproductId: string; name: string }[];
}

/** Visible products with their visible sub-products, in display order (header menu, home banner and categories). */
export async function getCatalogueMenu(signal?: AbortSignal): Promise<MenuProduct[]> {
  const body = await apiClient.get<{ products: MenuProduct[] }>('/api/catalogue/menu', { signal });
  return body.products;
}

export const catalogueMenuQueryOptions = () =>
  queryOptions({
    queryKey: [...queryKeys.catalogue, 'menu'],
    queryFn: ({ signal }) => getCatalogueMenu(signal),
  });

export const useCatalogueMenu = () => useQuery(catalogueMenuQueryOptions());

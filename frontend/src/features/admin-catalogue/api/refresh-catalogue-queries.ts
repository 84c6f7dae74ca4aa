import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * Every catalogue command can change what any back-office list shows (a deleted product takes its
 * subproducts and details with it) and what the storefront shows (menu, pages, home lists, search),
 * and it adds a line to some item's history. Awaited by the mutations so their pending state lasts
 * until the screens show the change; the refetches carry the command's position, so they cannot come
 * back stale.
 */
export const refreshCatalogueQueries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminCatalogue }),
    queryClient.invalidateQueries({ queryKey: queryKeys.catalogue }),
  ]);

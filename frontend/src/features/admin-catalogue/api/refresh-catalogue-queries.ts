import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';

/**
 * Every product command changes both the back-office list and the storefront's (menu, home, /products).
 * Awaited by the mutations so their pending state lasts until the lists show the change; the refetches
 * carry the command's position, so they cannot come back stale.
 */
export const refreshCatalogueQueries = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.adminCatalogueProducts }),
    queryClient.invalidateQueries({ queryKey: queryKeys.catalogueProducts }),
  ]);

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { ReorderProductsInput } from '@labshop/contracts/catalogue/commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

/** Sends the complete new display order: every product exactly once. */
export const reorderProducts = (productIds: ReorderProductsInput['productIds']) =>
  apiClient.put<PositionAnswer>('/api/admin/catalogue/products/order', { productIds });

export function useReorderProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderProducts,
    // A 409 means the list changed under us; fetch it so the editor can start again from the truth.
    onSettled: () => refreshCatalogueQueries(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { ReorderSubproductsInput } from '@labshop/contracts/catalogue/subproducts-commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

/** Sends the product's complete new subproduct order: every subproduct exactly once. */
export const reorderSubproducts = ({ productId, subproductIds }: ReorderSubproductsInput & { productId: string }) =>
  apiClient.put<PositionAnswer>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts/order`, {
    subproductIds,
  });

export function useReorderSubproducts() {
  const queryClient = useQueryClient();
  // A 409 means the list changed under us; fetch it so the editor can start again from the truth.
  return useMutation({ mutationFn: reorderSubproducts, onSettled: () => refreshCatalogueQueries(queryClient) });
}

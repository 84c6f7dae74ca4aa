import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const deleteProduct = (productId: string) =>
  apiClient.delete<PositionAnswer>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSettled: () => refreshCatalogueQueries(queryClient) });
}

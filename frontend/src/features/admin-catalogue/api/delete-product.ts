import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const deleteProduct = (productId: string) =>
  apiClient.delete<{ position: string }>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSettled: () => refreshCatalogueQueries(queryClient) });
}

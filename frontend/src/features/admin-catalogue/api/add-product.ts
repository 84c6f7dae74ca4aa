import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const addProduct = (input: { name: string }) =>
  apiClient.post<{ productId: string; position: string }>('/api/admin/catalogue/products', input);

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addProduct, onSuccess: () => refreshCatalogueQueries(queryClient) });
}

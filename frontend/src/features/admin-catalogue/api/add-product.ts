import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductInput, ProductCreatedAnswer } from '@labshop/contracts/catalogue/commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const addProduct = (input: CreateProductInput) =>
  apiClient.post<ProductCreatedAnswer>('/api/admin/catalogue/products', input);

export function useAddProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addProduct, onSuccess: () => refreshCatalogueQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubproductInput, SubproductCreatedAnswer } from '@labshop/contracts/catalogue/subproducts-commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const addSubproduct = ({ productId, name }: CreateSubproductInput & { productId: string }) =>
  apiClient.post<SubproductCreatedAnswer>(
    `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts`,
    { name },
  );

export function useAddSubproduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSubproduct, onSuccess: () => refreshCatalogueQueries(queryClient) });
}

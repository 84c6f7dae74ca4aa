import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const addSubproduct = ({ productId, name }: { productId: string; name: string }) =>
  apiClient.post<{ subproductId: string; position: string }>(
    `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts`,
    { name },
  );

export function useAddSubproduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addSubproduct, onSuccess: () => refreshCatalogueQueries(queryClient) });
}

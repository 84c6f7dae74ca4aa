import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const deleteSubproduct = ({ productId, subproductId }: { productId: string; subproductId: string }) =>
  apiClient.delete<PositionAnswer>(
    `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts/${encodeURIComponent(subproductId)}`,
  );

export function useDeleteSubproduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSubproduct, onSettled: () => refreshCatalogueQueries(queryClient) });
}

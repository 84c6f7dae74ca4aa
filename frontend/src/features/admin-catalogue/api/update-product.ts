import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { EditProductInput } from '@labshop/contracts/catalogue/commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const updateProduct = ({ productId, changes }: { productId: string; changes: EditProductInput }) =>
  apiClient.patch<PositionAnswer>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`, changes);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // On failure too: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => refreshCatalogueQueries(queryClient),
  });
}

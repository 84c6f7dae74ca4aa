import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export interface ProductChanges {
  name?: string;
  visible?: boolean;
  /** The version of the product the admin saw. */
  expectedVersion?: number;
}

export const updateProduct = ({ productId, changes }: { productId: string; changes: ProductChanges }) =>
  apiClient.patch<{ position: string }>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}`, changes);

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // On failure too: a 404 means someone else deleted it, and the list should say so.
    onSettled: () => refreshCatalogueQueries(queryClient),
  });
}

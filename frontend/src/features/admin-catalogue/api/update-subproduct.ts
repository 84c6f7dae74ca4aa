import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export interface SubproductChanges {
  name?: string;
  visible?: boolean;
  /** The version of the subproduct the admin saw. */
  expectedVersion?: number;
}

interface UpdateSubproductInput {
  productId: string;
  subproductId: string;
  changes: SubproductChanges;
}

export const updateSubproduct = ({ productId, subproductId, changes }: UpdateSubproductInput) =>
  apiClient.patch<{ position: string }>(
    `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts/${encodeURIComponent(subproductId)}`,
    changes,
  );

export function useUpdateSubproduct() {
  const queryClient = useQueryClient();
  // On failure too: a 404 means someone else deleted it, and the list should say so.
  return useMutation({ mutationFn: updateSubproduct, onSettled: () => refreshCatalogueQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { EditSubproductInput } from '@labshop/contracts/catalogue/subproducts-commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

interface UpdateSubproductInput {
  productId: string;
  subproductId: string;
  changes: EditSubproductInput;
}

export const updateSubproduct = ({ productId, subproductId, changes }: UpdateSubproductInput) =>
  apiClient.patch<PositionAnswer>(
    `/api/admin/catalogue/products/${encodeURIComponent(productId)}/subproducts/${encodeURIComponent(subproductId)}`,
    changes,
  );

export function useUpdateSubproduct() {
  const queryClient = useQueryClient();
  // On failure too: a 404 means someone else deleted it, and the list should say so.
  return useMutation({ mutationFn: updateSubproduct, onSettled: () => refreshCatalogueQueries(queryClient) });
}

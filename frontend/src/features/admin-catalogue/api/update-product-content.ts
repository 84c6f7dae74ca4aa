import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { ChangeProductContentInput } from '@labshop/contracts/catalogue/commands';
import { apiClient } from '@/lib/api-client.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

/** The server sanitises the HTML before it is stored; reading the product back gives the stored version. */
export const updateProductContent = ({ productId, content }: ChangeProductContentInput & { productId: string }) =>
  apiClient.patch<PositionAnswer>(`/api/admin/catalogue/products/${encodeURIComponent(productId)}/content`, {
    content,
  });

export function useUpdateProductContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProductContent, onSuccess: () => refreshCatalogueQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export const deleteUploadedProduct = ({ productId, expectedVersion }: { productId: string; expectedVersion: number }) =>
  apiClient.delete<PositionAnswer>(`/api/admin/product-uploads/${productId}?expectedVersion=${expectedVersion}`);

export function useDeleteUploadedProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUploadedProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminProductUploads }),
  });
}

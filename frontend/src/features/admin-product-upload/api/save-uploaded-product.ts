import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedProductFieldValues } from '@labshop/contracts/catalogue/uploads-commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type SaveUploadedProductInput =
  | { mode: 'add'; fields: UploadedProductFieldValues; image: File }
  | {
      mode: 'edit';
      productId: string;
      expectedVersion: number;
      fields: UploadedProductFieldValues;
      image: File | null;
    };

/** The product and its image in one multipart request: the server records both or, on any refusal, neither. */
export async function saveUploadedProduct(input: SaveUploadedProductInput): Promise<void> {
  const form = new FormData();
  form.append(
    'product',
    JSON.stringify(input.mode === 'add' ? input.fields : { ...input.fields, expectedVersion: input.expectedVersion }),
  );
  if (input.image !== null) form.append('image', input.image, input.image.name);
  if (input.mode === 'add') await apiClient.post('/api/admin/product-uploads', form);
  else await apiClient.put(`/api/admin/product-uploads/${input.productId}`, form);
}

export function useSaveUploadedProduct() {
  const queryClient = useQueryClient();
  // On failure too: someone else may have changed or deleted the product meanwhile.
  return useMutation({
    mutationFn: saveUploadedProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminProductUploads }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type {
  AddBlogItemInput,
  BlogItemAddedAnswer,
  DeleteBlogItemsInput,
  UpdateBlogItemsInput,
} from '@labshop/contracts/content/blog-commands';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** A section (no sectionId) or an inner item of one. */
export type AddBlogRowInput = AddBlogItemInput & { sectionId: string | null };

const addRow = ({ sectionId, ...body }: AddBlogRowInput) =>
  apiClient.post<BlogItemAddedAnswer>(
    sectionId === null ? '/api/admin/blog/sections' : `/api/admin/blog/sections/${sectionId}/items`,
    body,
  );
const updateRows = (body: UpdateBlogItemsInput) => apiClient.put<PositionAnswer>('/api/admin/blog/items', body);
const deleteRows = (body: DeleteBlogItemsInput) => apiClient.post<PositionAnswer>('/api/admin/blog/items/delete', body);

/** Each blog command refreshes the panel's lists (on failure too: someone else may have changed them). */
function useBlogMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminBlog }) });
}

export const useAddBlogRow = () => useBlogMutation(addRow);
export const useUpdateBlogRows = () => useBlogMutation(updateRows);
export const useDeleteBlogRows = () => useBlogMutation(deleteRows);

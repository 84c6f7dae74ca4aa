import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { detailPath, type DetailRef } from './details-path.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export const deleteDetail = (ref: DetailRef) => apiClient.delete<PositionAnswer>(detailPath(ref));

export function useDeleteDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDetail, onSettled: () => refreshCatalogueQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import { apiClient } from '@/lib/api-client.ts';
import { detailsPath, type SubproductRef } from './details-path.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

/** Sends the subproduct's complete new detail order: every detail exactly once. */
export const reorderDetails = ({ detailIds, ...ref }: SubproductRef & { detailIds: string[] }) =>
  apiClient.put<PositionAnswer>(`${detailsPath(ref)}/order`, { detailIds });

export function useReorderDetails() {
  const queryClient = useQueryClient();
  // A 409 means the list changed under us; fetch it so the editor can start again from the truth.
  return useMutation({ mutationFn: reorderDetails, onSettled: () => refreshCatalogueQueries(queryClient) });
}

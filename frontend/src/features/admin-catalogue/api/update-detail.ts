import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type { EditDetailInput } from '@labshop/contracts/catalogue/details-commands';
import { apiClient } from '@/lib/api-client.ts';
import { detailPath, type DetailRef } from './details-path.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

/** Sends only the fields that changed (the history shows each one before → after). */
export const updateDetail = ({ changes, ...ref }: DetailRef & { changes: EditDetailInput }) =>
  apiClient.patch<PositionAnswer>(detailPath(ref), changes);

/** For one-click changes from the details table (show / hide); the form saves through save-detail.ts. */
export function useUpdateDetail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateDetail, onSettled: () => refreshCatalogueQueries(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionAnswer } from '@labshop/contracts/answers';
import type {
  CreateDetailInput,
  DetailCreatedAnswer,
  EditDetailInput,
} from '@labshop/contracts/catalogue/details-commands';
import type { FileSlot } from '@labshop/contracts/catalogue/events';
import { apiClient } from '@/lib/api-client.ts';
import { detailPath, detailsPath, type SubproductRef } from './details-path.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';

export interface FileChanges {
  uploads: Partial<Record<FileSlot, File>>;
  removals: FileSlot[];
}

export type SaveDetailInput = SubproductRef &
  FileChanges &
  ({ mode: 'add'; fields: CreateDetailInput } | { mode: 'edit'; detailId: string; changes: EditDetailInput });

const formWith = (json: Record<string, unknown>, uploads: FileChanges['uploads']) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(json)) form.append(name, JSON.stringify(value));
  for (const [slot, file] of Object.entries(uploads)) form.append(slot, file, file.name);
  return form;
};

/**
 * Saves the detail with its files in one request: the server records all of it or, when anything
 * (a field, a file) is refused, nothing, and names what it refused by field or file slot.
 */
export async function saveDetail(input: SaveDetailInput): Promise<{ detailId: string }> {
  const ref = { productId: input.productId, subproductId: input.subproductId };
  if (input.mode === 'add') {
    return apiClient.post<DetailCreatedAnswer>(
      `${detailsPath(ref)}/with-files`,
      formWith({ detail: input.fields }, input.uploads),
    );
  }
  const { detailId, changes, uploads, removals } = input;
  const nothingChanged =
    Object.keys(changes).length === 0 && Object.keys(uploads).length === 0 && removals.length === 0;
  if (!nothingChanged) {
    const json = {
      ...(Object.keys(changes).length > 0 && { changes }),
      ...(removals.length > 0 && { remove: removals }),
    };
    await apiClient.patch<PositionAnswer>(`${detailPath({ ...ref, detailId })}/with-files`, formWith(json, uploads));
  }
  return { detailId };
}

export function useSaveDetail() {
  const queryClient = useQueryClient();
  // On failure too: someone else may have changed or deleted the detail meanwhile.
  return useMutation({ mutationFn: saveDetail, onSettled: () => refreshCatalogueQueries(queryClient) });
}

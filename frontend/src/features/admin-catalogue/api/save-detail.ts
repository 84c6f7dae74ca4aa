import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDetailInput, EditDetailInput } from '@labshop/shared/commands/catalogue-details';
import type { FileSlot } from '@labshop/shared/events/catalogue';
import { ApiError } from '@/lib/api-client.ts';
import { addDetail } from './add-detail.ts';
import type { SubproductRef } from './details-path.ts';
import { refreshCatalogueQueries } from './refresh-catalogue-queries.ts';
import { removeDetailFile } from './remove-detail-file.ts';
import { updateDetail } from './update-detail.ts';
import { uploadDetailFile } from './upload-detail-file.ts';

export interface FileChanges {
  uploads: Partial<Record<FileSlot, File>>;
  removals: FileSlot[];
}

export type SaveDetailInput = SubproductRef &
  FileChanges &
  ({ mode: 'add'; fields: CreateDetailInput } | { mode: 'edit'; detailId: string; changes: EditDetailInput });

export interface SaveDetailResult {
  detailId: string;
  /** Files the server refused (or could not take), by slot; the detail itself was saved. */
  fileErrors: Partial<Record<FileSlot, string>>;
}

const fileErrorMessage = (error: unknown) =>
  error instanceof ApiError ? (error.fields.file ?? error.message) : error instanceof Error ? error.message : 'Upload failed';

/**
 * Saves the detail's fields, then its files one by one (files go to their own route, which needs the
 * detail's id). A refused file does not undo the saved fields: it is reported by slot, so the form can
 * say so next to that file input and the admin can pick another.
 */
export async function saveDetail(input: SaveDetailInput): Promise<SaveDetailResult> {
  const ref = { productId: input.productId, subproductId: input.subproductId };
  let detailId: string;
  if (input.mode === 'add') {
    detailId = (await addDetail(ref, input.fields)).detailId;
  } else {
    detailId = input.detailId;
    if (Object.keys(input.changes).length > 0) await updateDetail({ ...ref, detailId, changes: input.changes });
  }

  const fileErrors: SaveDetailResult['fileErrors'] = {};
  const detailRef = { ...ref, detailId };
  for (const slot of input.removals) {
    // An upload into the same slot replaces the file anyway.
    if (input.uploads[slot] !== undefined) continue;
    await removeDetailFile(detailRef, slot).catch((error: unknown) => (fileErrors[slot] = fileErrorMessage(error)));
  }
  for (const [slot, file] of Object.entries(input.uploads) as [FileSlot, File][]) {
    await uploadDetailFile(detailRef, slot, file).catch((error: unknown) => (fileErrors[slot] = fileErrorMessage(error)));
  }
  return { detailId, fileErrors };
}

export function useSaveDetail() {
  const queryClient = useQueryClient();
  // On failure too: the detail may have been saved before a file upload failed, or deleted by someone else.
  return useMutation({ mutationFn: saveDetail, onSettled: () => refreshCatalogueQueries(queryClient) });
}

import type { FileSlot, StoredFile } from '@labshop/shared/events/catalogue';
import { apiClient } from '@/lib/api-client.ts';
import { detailPath, type DetailRef } from './details-path.ts';

/** Puts one file into a slot (replacing what was there); the server checks it by its bytes. Used by save-detail.ts. */
export function uploadDetailFile(ref: DetailRef, slot: FileSlot, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiClient.put<{ position: string; file: StoredFile }>(`${detailPath(ref)}/files/${slot}`, form);
}

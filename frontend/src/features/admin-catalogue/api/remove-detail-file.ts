import type { FileSlot } from '@labshop/shared/events/catalogue';
import { apiClient } from '@/lib/api-client.ts';
import { detailPath, type DetailRef } from './details-path.ts';

/** Empties a slot. Used by save-detail.ts. */
export const removeDetailFile = (ref: DetailRef, slot: FileSlot) =>
  apiClient.delete<{ position: string }>(`${detailPath(ref)}/files/${slot}`);

import type { CreateDetailInput } from '@labshop/shared/commands/catalogue-details';
import { apiClient } from '@/lib/api-client.ts';
import { detailsPath, type SubproductRef } from './details-path.ts';

/** Adds a detail below the subproduct's others, visible. Used by the detail form's save (save-detail.ts). */
export const addDetail = (ref: SubproductRef, fields: CreateDetailInput) =>
  apiClient.post<{ detailId: string; position: string }>(detailsPath(ref), fields);

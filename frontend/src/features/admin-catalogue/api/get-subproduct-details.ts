import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DetailFields, FileSlot, StoredFile } from '@labshop/shared/events/catalogue';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { detailsPath, type SubproductRef } from './details-path.ts';

export type AdminDetailFile = StoredFile & { url: string };

/** A detail exactly as the detail form edits it: every field as sent to the command API. */
export interface AdminDetail extends DetailFields {
  detailId: string;
  subproductId: string;
  productId: string;
  visible: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  files: Record<FileSlot, AdminDetailFile | null>;
  /** Sent back with an edit (expectedVersion), so a change someone saved since is refused, not overwritten. */
  version: number;
}

export interface SubproductDetails {
  subproductId: string;
  name: string;
  visible: boolean;
  /** Distinct product types of this subproduct's details: the detail form's type choices. */
  productTypes: string[];
  /** Hidden ones included, in display order. */
  details: AdminDetail[];
}

export const getSubproductDetails = (ref: SubproductRef, signal?: AbortSignal) =>
  apiClient.get<SubproductDetails>(detailsPath(ref), { signal });

export const subproductDetailsQueryOptions = (ref: SubproductRef) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueDetails(ref.productId, ref.subproductId),
    queryFn: ({ signal }) => getSubproductDetails(ref, signal),
  });

export const useSubproductDetails = (ref: SubproductRef) => useQuery(subproductDetailsQueryOptions(ref));

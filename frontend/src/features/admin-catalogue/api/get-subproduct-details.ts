import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminDetail, adminDetailFile, adminDetailsResponse } from '@labshop/contracts/catalogue/queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { detailsPath, type SubproductRef } from './details-path.ts';

export type AdminDetailFile = z.infer<typeof adminDetailFile>;

/** A detail exactly as the detail form edits it: every field as sent to the command API. */
export type AdminDetail = z.infer<typeof adminDetail>;

export type SubproductDetails = z.infer<typeof adminDetailsResponse>;

export const getSubproductDetails = (ref: SubproductRef, signal?: AbortSignal) =>
  apiClient.get<SubproductDetails>(detailsPath(ref), { signal });

export const subproductDetailsQueryOptions = (ref: SubproductRef) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueDetails(ref.productId, ref.subproductId),
    queryFn: ({ signal }) => getSubproductDetails(ref, signal),
  });

export const useSubproductDetails = (ref: SubproductRef) => useQuery(subproductDetailsQueryOptions(ref));

import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { asOfResponse, AsOfEntityType } from '@labshop/contracts/as-of';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AsOf = z.infer<typeof asOfResponse>;

export const getAsOf = (entityType: AsOfEntityType, entityId: string, at: string, signal?: AbortSignal) =>
  apiClient.get<AsOf>(`/api/admin/as-of/${entityType}/${encodeURIComponent(entityId)}?at=${encodeURIComponent(at)}`, {
    signal,
  });

/** The entity as it stood at `at` (an ISO instant); nothing is asked before a moment is chosen. */
export const useAsOf = (entityType: AsOfEntityType, entityId: string, at: string | null) =>
  useQuery({
    queryKey: [...queryKeys.adminAudit, 'as-of', entityType, entityId, at] as const,
    queryFn: ({ signal }) => getAsOf(entityType, entityId, at ?? '', signal),
    enabled: at !== null,
    // The past does not change, but an instant in the future does until it has passed.
    staleTime: 0,
  });

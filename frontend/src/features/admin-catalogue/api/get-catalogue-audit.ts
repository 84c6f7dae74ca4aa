import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AuditEntityType = 'product' | 'subproduct' | 'detail';

export interface AuditChange {
  field: string;
  /** JSON values as stored: cents for prices, arrays for price tiers, StoredFile or null for files. */
  before: unknown;
  after: unknown;
}

export interface AuditEntry {
  at: string;
  actor: { id: string; email: string };
  action: string;
  changes: AuditChange[];
  /** Set when the item went with a deleted parent. */
  via?: { entityType: AuditEntityType; entityId: string };
}

export interface CatalogueAudit {
  entityType: AuditEntityType;
  entityId: string;
  deleted: boolean;
  /** Newest first. */
  entries: AuditEntry[];
}

export const getCatalogueAudit = (entityType: AuditEntityType, entityId: string, signal?: AbortSignal) =>
  apiClient.get<CatalogueAudit>(`/api/admin/catalogue/audit/${entityType}/${encodeURIComponent(entityId)}`, { signal });

export const catalogueAuditQueryOptions = (entityType: AuditEntityType, entityId: string) =>
  queryOptions({
    queryKey: queryKeys.adminCatalogueAudit(entityType, entityId),
    queryFn: ({ signal }) => getCatalogueAudit(entityType, entityId, signal),
    // Someone else may have changed the item since; a history is opened to see the latest.
    staleTime: 0,
  });

export const useCatalogueAudit = (entityType: AuditEntityType, entityId: string) =>
  useQuery(catalogueAuditQueryOptions(entityType, entityId));

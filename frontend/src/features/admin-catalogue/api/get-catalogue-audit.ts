import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditChange, auditEntry, auditedEntityType, catalogueAuditResponse } from '@labshop/shared/queries/catalogue-audit';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AuditEntityType = z.infer<typeof auditedEntityType>;
export type AuditChange = z.infer<typeof auditChange>;
export type AuditEntry = z.infer<typeof auditEntry>;
/** `entries`: newest first. */
export type CatalogueAudit = z.infer<typeof catalogueAuditResponse>;

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

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditLogResponse, AuditLogFilters } from '@labshop/contracts/admins/audit-log-queries';
import { apiClient } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export type AuditLogPage = z.infer<typeof auditLogResponse>;
export type { AuditLogEntry, AuditChange, AuditLogFilters } from '@labshop/contracts/admins/audit-log-queries';

export interface AuditLogRequest extends AuditLogFilters {
  page: number;
  pageSize?: number;
}

/** The query string of the audit routes: only the filters that are set. */
export function auditSearch({ page, pageSize, ...filters }: Partial<AuditLogRequest>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  if (page !== undefined && page > 1) search.set('page', String(page));
  if (pageSize !== undefined) search.set('pageSize', String(pageSize));
  return search.toString();
}

export const getAuditLog = (request: AuditLogRequest, signal?: AbortSignal) =>
  apiClient.get<AuditLogPage>(`/api/admin/audit?${auditSearch(request)}`, { signal });

export const auditLogQueryOptions = (request: AuditLogRequest) =>
  queryOptions({
    queryKey: [...queryKeys.adminAudit, request] as const,
    queryFn: ({ signal }) => getAuditLog(request, signal),
    // Admins act all the time; a log or history is opened to see the latest.
    staleTime: 0,
  });

/** The previous page stays on screen (marked busy) while the next page or filter loads. */
export const useAuditLog = (request: AuditLogRequest) =>
  useQuery({ ...auditLogQueryOptions(request), placeholderData: keepPreviousData });

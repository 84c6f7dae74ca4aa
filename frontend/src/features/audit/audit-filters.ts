import type { AuditLogRequest } from '@/lib/audit-log.ts';

/** The audit log page's filters and page, as kept in the URL (`from`/`to` are ISO instants). */
export interface AuditFilters {
  actor: string;
  entityType: string;
  entityId: string;
  action: string;
  from: string;
  to: string;
  page: number;
}

export const noAuditFilters: AuditFilters = {
  actor: '',
  entityType: '',
  entityId: '',
  action: '',
  from: '',
  to: '',
  page: 1,
};

const filterNames = ['actor', 'entityType', 'entityId', 'action', 'from', 'to'] as const;

export function auditFiltersFromSearch(search: URLSearchParams): AuditFilters {
  const page = Number(search.get('page'));
  const filters = { ...noAuditFilters, page: Number.isInteger(page) && page > 1 ? page : 1 };
  for (const name of filterNames) filters[name] = search.get(name) ?? '';
  return filters;
}

export function searchFromAuditFilters(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of filterNames) if (filters[name] !== '') search.set(name, filters[name]);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

export const hasAuditFilters = (filters: AuditFilters) => filterNames.some((name) => filters[name] !== '');

/** The filters as the audit routes take them: only those set. */
export function auditRequest(filters: AuditFilters, pageSize: number): AuditLogRequest {
  const request: AuditLogRequest = { page: filters.page, pageSize };
  for (const name of filterNames) if (filters[name] !== '') request[name] = filters[name];
  return request;
}

import { downloadWithSession } from '@/lib/download-with-session.ts';
import { auditSearch, type AuditLogFilters } from '@/lib/audit-log.ts';

/** The filtered audit log as CSV, with the admin's session. */
export const downloadAuditCsv = (filters: AuditLogFilters, adminToken: string) =>
  downloadWithSession(
    `/api/admin/audit.csv?${auditSearch(filters)}`,
    `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
    adminToken,
    'text/csv',
  );

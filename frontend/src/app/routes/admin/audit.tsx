import { useSearchParams } from 'react-router-dom';
import { AuditLog } from '@/features/audit/components/audit-log-page.tsx';
import { auditFiltersFromSearch, searchFromAuditFilters } from '@/features/audit/audit-filters.ts';
import { AdminPage } from './admin-page.tsx';

export function AdminAuditRoute() {
  return (
    <AdminPage title="Audit log">
      <AuditLogFromUrl />
    </AdminPage>
  );
}

/** The filters live in the URL, so a filtered log can be linked to. */
function AuditLogFromUrl() {
  const [search, setSearch] = useSearchParams();
  return (
    <AuditLog
      filters={auditFiltersFromSearch(search)}
      onFiltersChange={(filters) => setSearch(searchFromAuditFilters(filters))}
    />
  );
}

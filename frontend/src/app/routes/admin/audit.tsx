import { useSearchParams } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { AuditLog } from '@/features/audit/components/audit-log-page.tsx';
import { auditFiltersFromSearch, searchFromAuditFilters } from '@/features/audit/audit-filters.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminAuditRoute() {
  return (
    <RequireAdmin>
      <AdminAuditPage />
    </RequireAdmin>
  );
}

function AdminAuditPage() {
  usePageTitle('Audit log');
  const [search, setSearch] = useSearchParams();
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Audit log</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <AuditLog filters={auditFiltersFromSearch(search)} onFiltersChange={(filters) => setSearch(searchFromAuditFilters(filters))} />
    </div>
  );
}

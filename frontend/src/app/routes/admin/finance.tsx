import { useSearchParams } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { FinanceLedgerView } from '@/features/admin-finance/components/finance-ledger.tsx';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminFinanceRoute() {
  return (
    <RequireAdmin>
      <AdminFinancePage />
    </RequireAdmin>
  );
}

/** The finance ledger; the moment lives in the URL (`?asOf=<ISO>`), so a ledger as of a moment can be linked to. */
function AdminFinancePage() {
  usePageTitle('Finance ledger');
  const [search, setSearch] = useSearchParams();
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Finance ledger</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <FinanceLedgerView asOf={search.get('asOf')} onAsOfChange={(asOf) => setSearch(asOf === null ? {} : { asOf })} />
    </div>
  );
}

import { useSearchParams } from 'react-router-dom';
import { FinanceLedgerView } from '@/features/admin-finance/components/finance-ledger.tsx';
import { AdminPage } from './admin-page.tsx';

export function AdminFinanceRoute() {
  return (
    <AdminPage title="Finance ledger">
      <LedgerFromUrl />
    </AdminPage>
  );
}

/** The moment lives in the URL (`?asOf=<ISO>`), so a ledger as of a moment can be linked to. */
function LedgerFromUrl() {
  const [search, setSearch] = useSearchParams();
  return (
    <FinanceLedgerView asOf={search.get('asOf')} onAsOfChange={(asOf) => setSearch(asOf === null ? {} : { asOf })} />
  );
}

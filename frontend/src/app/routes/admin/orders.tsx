import { useSearchParams } from 'react-router-dom';
import { LogoutButton } from '@/features/admin-auth/components/logout-button.tsx';
import { OrderDeskList } from '@/features/order-desk/components/order-desk-list.tsx';
import { filtersFromSearch, searchFromFilters } from '@/features/order-desk/desk-filters.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { BackOfficeNav } from './back-office-nav.tsx';
import { RequireAdmin } from './require-admin.tsx';
import './admin.css';

export function AdminOrdersRoute() {
  return (
    <RequireAdmin>
      <AdminOrdersPage />
    </RequireAdmin>
  );
}

function AdminOrdersPage() {
  usePageTitle('Orders and quotes');
  const [search, setSearch] = useSearchParams();
  return (
    <div className="container page">
      <div className="admin-toolbar">
        <div>
          <p className="admin-eyebrow">Back office</p>
          <h1>Orders and quotes</h1>
        </div>
        <LogoutButton />
        <BackOfficeNav />
      </div>
      <OrderDeskList filters={filtersFromSearch(search)} onFiltersChange={(filters) => setSearch(searchFromFilters(filters))} />
    </div>
  );
}

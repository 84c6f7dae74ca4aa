import { useSearchParams } from 'react-router-dom';
import { OrderDeskList } from '@/features/order-desk/components/order-desk-list.tsx';
import { filtersFromSearch, searchFromFilters } from '@/features/order-desk/desk-filters.ts';
import { AdminPage } from './admin-page.tsx';

export function AdminOrdersRoute() {
  return (
    <AdminPage title="Orders and quotes">
      <OrderDeskFromUrl />
    </AdminPage>
  );
}

/** The filters live in the URL, so a filtered list can be linked to. */
function OrderDeskFromUrl() {
  const [search, setSearch] = useSearchParams();
  return (
    <OrderDeskList
      filters={filtersFromSearch(search)}
      onFiltersChange={(filters) => setSearch(searchFromFilters(filters))}
    />
  );
}

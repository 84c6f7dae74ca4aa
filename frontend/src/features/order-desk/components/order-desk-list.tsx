import { Pager } from '@/components/pager/pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useDeskOrders } from '../api/get-desk-orders.ts';
import { hasFilters, noFilters, type DeskFilters } from '../desk-filters.ts';
import { DeskFiltersForm } from './desk-filters-form.tsx';
import { DeskOrderTable } from './desk-order-table.tsx';
import './order-desk.css';

interface OrderDeskListProps {
  filters: DeskFilters;
  /** The route keeps filters and page in the URL. */
  onFiltersChange(filters: DeskFilters): void;
}

/** The order desk: every order and quote, filtered and a page at a time. */
export function OrderDeskList({ filters, onFiltersChange }: OrderDeskListProps) {
  const orders = useDeskOrders(filters);
  const list = orders.data;
  const pages = list === undefined ? 1 : Math.max(1, Math.ceil(list.total / list.pageSize));
  const goToPage = (page: number) => onFiltersChange({ ...filters, page });

  return (
    <div className="order-desk">
      <DeskFiltersForm filters={filters} onApply={onFiltersChange} />
      {list === undefined ? (
        orders.error === null ? (
          <LoadingState>Loading orders…</LoadingState>
        ) : (
          <ErrorState
            message={`Orders could not be loaded. ${orders.error.message}`}
            onRetry={() => void orders.refetch()}
            retrying={orders.isRefetching}
          />
        )
      ) : list.orders.length === 0 ? (
        <EmptyState>
          {hasFilters(filters) ? (
            <>
              <p>No orders or quotes match these filters.</p>
              <button type="button" className="button button--secondary" onClick={() => onFiltersChange(noFilters)}>
                Clear filters
              </button>
            </>
          ) : (
            <p>No orders or quotes yet.</p>
          )}
        </EmptyState>
      ) : (
        <>
          <p className="order-desk__count" role="status">
            {`${list.total.toLocaleString('en-US')} ${list.total === 1 ? 'result' : 'results'}`}
            {orders.isPlaceholderData && ' (updating…)'}
          </p>
          <DeskOrderTable rows={list.orders} busy={orders.isPlaceholderData} />
          <Pager page={filters.page} pages={pages} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { RowSelectionState } from '@tanstack/react-table';
import { Pager } from '@/components/pager/pager.tsx';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { useDeskOrders } from '../api/get-desk-orders.ts';
import { hasFilters, listQueryString, noFilters, type DeskFilters } from '../desk-filters.ts';
import { BulkActions } from './bulk-actions.tsx';
import { DeskFiltersForm } from './desk-filters-form.tsx';
import { DeskOrderTable } from './desk-order-table.tsx';
import './order-desk.css';

interface OrderDeskListProps {
  filters: DeskFilters;
  /** The route keeps filters and page in the URL. */
  onFiltersChange(filters: DeskFilters): void;
}

/** The order desk: every order and quote, filtered, sorted and a page at a time; rows selected for bulk actions. */
export function OrderDeskList({ filters, onFiltersChange }: OrderDeskListProps) {
  const orders = useDeskOrders(filters);
  const list = orders.data;
  const pages = list === undefined ? 1 : Math.max(1, Math.ceil(list.total / list.pageSize));
  // The selection is of the rows shown: another page, filter or sort starts a new one.
  const shown = listQueryString(filters);
  const [selection, setSelection] = useState<{ of: string; rows: RowSelectionState }>({ of: shown, rows: {} });
  const selectedIds = selection.of === shown ? selection.rows : {};
  const select = (rows: RowSelectionState) => setSelection({ of: shown, rows });
  const changeFilters = (next: DeskFilters) => {
    select({});
    onFiltersChange(next);
  };
  const goToPage = (page: number) => changeFilters({ ...filters, page });
  const selected = (list?.orders ?? []).filter((row) => selectedIds[row.orderId] === true);

  return (
    <div className="order-desk">
      <DeskFiltersForm filters={filters} onApply={changeFilters} />
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
              <button type="button" className="button button--secondary" onClick={() => changeFilters(noFilters)}>
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
          <BulkActions
            selected={selected}
            onMoved={(movedIds) =>
              select(Object.fromEntries(Object.entries(selectedIds).filter(([id]) => !movedIds.includes(id))))
            }
          />
          <DeskOrderTable
            rows={list.orders}
            busy={orders.isPlaceholderData}
            sort={filters}
            onSortChange={({ sort, direction }) => changeFilters({ ...filters, sort, direction, page: 1 })}
            selection={selectedIds}
            onSelectionChange={select}
          />
          <Pager page={filters.page} pages={pages} onPage={goToPage} />
        </>
      )}
    </div>
  );
}

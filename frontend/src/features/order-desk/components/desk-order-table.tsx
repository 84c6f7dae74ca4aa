import { Link } from 'react-router-dom';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { formatUsd } from '@labshop/contracts/money';
import type { OrderDeskSortKey } from '@labshop/contracts/orders/desk-queries';
import { DataTable, type TableSort } from '@/components/data-table/data-table.tsx';
import type { DeskOrderRow } from '../api/get-desk-orders.ts';
import { kindLabel } from '../desk-format.ts';

const columns: ColumnDef<DeskOrderRow>[] = [
  {
    id: 'orderNumber',
    accessorKey: 'orderNumber',
    header: 'Order No.',
    meta: { rowHeader: true },
    cell: ({ row }) => (
      <Link to={`/admin/orders/${encodeURIComponent(row.original.orderId)}`}>{row.original.orderNumber}</Link>
    ),
  },
  {
    id: 'placedAt',
    header: 'Placed',
    cell: ({ row }) => <time dateTime={row.original.placedAt}>{formatBusinessTime(row.original.placedAt)}</time>,
  },
  { id: 'kind', header: 'Kind', cell: ({ row }) => kindLabel(row.original.kind) },
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => <span className="desk-table__email">{row.original.customerEmail}</span>,
  },
  { id: 'company', header: 'Company', cell: ({ row }) => row.original.company },
  { id: 'state', header: 'State', cell: ({ row }) => row.original.state },
  { id: 'total', header: 'Total', meta: { numeric: true }, cell: ({ row }) => formatUsd(row.original.totalCents) },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <>
        <span className="desk-status">{row.original.status}</span>
        {row.original.backorderedUnits > 0 && (
          <span className="backorder-note">{` ${row.original.backorderedUnits} on backorder`}</span>
        )}
      </>
    ),
  },
];

const sortable: readonly OrderDeskSortKey[] = ['orderNumber', 'placedAt', 'customer', 'state', 'total', 'status'];

interface DeskOrderTableProps {
  rows: DeskOrderRow[];
  busy: boolean;
  sort: { sort: OrderDeskSortKey; direction: 'asc' | 'desc' };
  onSortChange(sort: { sort: OrderDeskSortKey; direction: 'asc' | 'desc' }): void;
  selection: RowSelectionState;
  onSelectionChange(selection: RowSelectionState): void;
}

/** One row per order or quote, sortable by its columns; the order number links to its page; rows can be selected. */
export function DeskOrderTable({ rows, busy, sort, onSortChange, selection, onSelectionChange }: DeskOrderTableProps) {
  const tableSort: TableSort = { id: sort.sort, desc: sort.direction === 'desc' };
  return (
    <DataTable
      caption="Orders and quotes"
      columns={columns}
      rows={rows}
      rowId={(row) => row.orderId}
      busy={busy}
      sort={tableSort}
      sortable={sortable}
      onSortChange={({ id, desc }) =>
        onSortChange({ sort: sortable.find((key) => key === id) ?? 'placedAt', direction: desc ? 'desc' : 'asc' })
      }
      selection={selection}
      onSelectionChange={onSelectionChange}
      hiddenColumns={['company']}
    />
  );
}

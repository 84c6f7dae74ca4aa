import { useId, useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Row as TableRow,
  type RowSelectionState,
  type VisibilityState,
} from '@tanstack/react-table';
import './data-table.css';

/** A column sorted on the server, either way. */
export interface TableSort {
  id: string;
  desc: boolean;
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the interface's parameters must match TanStack's own
  interface ColumnMeta<TData, TValue> {
    /** Right-aligned, tabular figures (money, counts). */
    numeric?: boolean;
    /** The row's header cell (`<th scope="row">`): what names the row, such as an order number. */
    rowHeader?: boolean;
  }
}

interface DataTableProps<Row> {
  /** Names the table (visually hidden) and its scrolling region. */
  caption: string;
  /** Each with an `id` and a string `header`, the name the sort button, the column chooser and the phone's cell labels use. */
  columns: ColumnDef<Row>[];
  rows: Row[];
  rowId(row: Row): string;
  /** The rows shown are the previous answer while the next one loads. */
  busy?: boolean;
  /** Sorting happens on the server: the column and direction it sorted by, and where a header's click asks for another. */
  sort?: TableSort;
  onSortChange?(sort: TableSort): void;
  /** Columns that can be sorted by (ids); none by default. */
  sortable?: readonly string[];
  /** With these, a checkbox column selects rows (by `rowId`). */
  selection?: RowSelectionState;
  onSelectionChange?(selection: RowSelectionState): void;
  /** With this, a Columns disclosure lets the reader hide and show columns; the ids listed start hidden. */
  hiddenColumns?: readonly string[];
}

const headerOf = <Row,>(column: { columnDef: ColumnDef<Row> }) =>
  typeof column.columnDef.header === 'string' ? column.columnDef.header : '';

/**
 * The back office's lists: TanStack Table over rows the server filtered, sorted and paged. Sort buttons in the
 * headers (with `aria-sort`), optional row selection and column choice; on a phone each row stacks into a card
 * whose cells carry their column's name.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowId,
  busy = false,
  sort,
  onSortChange,
  sortable = [],
  selection,
  onSelectionChange,
  hiddenColumns,
}: DataTableProps<Row>) {
  const captionId = useId();
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries((hiddenColumns ?? []).map((id) => [id, false])),
  );
  const selecting = selection !== undefined && onSelectionChange !== undefined;
  const table = useReactTable({
    data: rows,
    columns,
    getRowId: rowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableRowSelection: selecting,
    state: { rowSelection: selection ?? {}, columnVisibility },
    onRowSelectionChange: (update) =>
      onSelectionChange?.(typeof update === 'function' ? update(selection ?? {}) : update),
    onColumnVisibilityChange: setColumnVisibility,
  });
  /** What the row's header cell holds (an order number): the row's checkbox says which row it selects. */
  const rowName = (row: TableRow<Row>) =>
    String(
      row
        .getAllCells()
        .find((cell) => cell.column.columnDef.meta?.rowHeader)
        ?.getValue() ?? row.id,
    );

  return (
    <div className="data-table">
      {hiddenColumns !== undefined && (
        <details className="data-table__columns">
          <summary className="button button--secondary button--small">Columns</summary>
          <fieldset>
            <legend className="visually-hidden">Columns shown</legend>
            {table.getAllLeafColumns().map((column) => (
              <label key={column.id} className="data-table__column-choice">
                <input
                  type="checkbox"
                  checked={column.getIsVisible()}
                  disabled={column.columnDef.meta?.rowHeader}
                  onChange={column.getToggleVisibilityHandler()}
                />
                {headerOf(column)}
              </label>
            ))}
          </fieldset>
        </details>
      )}
      <div className="data-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="data-table__table" aria-busy={busy}>
          <caption id={captionId} className="visually-hidden">
            {caption}
          </caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selecting && (
                  <th scope="col" className="data-table__select">
                    <input
                      type="checkbox"
                      aria-label="Select every row on this page"
                      checked={table.getIsAllRowsSelected()}
                      ref={(input) => {
                        if (input) input.indeterminate = table.getIsSomeRowsSelected();
                      }}
                      onChange={table.getToggleAllRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const label = headerOf(header.column);
                  const sorted = sort?.id === header.column.id ? sort : undefined;
                  const canSort = onSortChange !== undefined && sortable.includes(header.column.id);
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={header.column.columnDef.meta?.numeric ? 'data-table__numeric' : undefined}
                      aria-sort={sorted === undefined ? undefined : sorted.desc ? 'descending' : 'ascending'}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={() => onSortChange({ id: header.column.id, desc: sorted ? !sorted.desc : false })}
                        >
                          {label}
                          <span aria-hidden="true" className="data-table__sort-mark">
                            {sorted === undefined ? '↕' : sorted.desc ? '↓' : '↑'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? 'data-table__row--selected' : undefined}>
                {selecting && (
                  <td className="data-table__select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${rowName(row)}`}
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                    />
                  </td>
                )}
                {row.getVisibleCells().map((cell) => {
                  const { meta } = cell.column.columnDef;
                  const className = meta?.numeric ? 'data-table__numeric' : undefined;
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={className} data-label={headerOf(cell.column)}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

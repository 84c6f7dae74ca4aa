import { Link } from 'react-router-dom';
import { formatUsd } from '@labshop/contracts/money';
import type { DeskOrderRow } from '../api/get-desk-orders.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { kindLabel } from '../desk-format.ts';

interface DeskOrderTableProps {
  rows: readonly DeskOrderRow[];
  busy: boolean;
}

/** One row per order or quote; the order number links to its page. On a phone each row stacks into a card, its cells labelled. */
export function DeskOrderTable({ rows, busy }: DeskOrderTableProps) {
  return (
    <div
      className="desk-table-scroll desk-table-scroll--stacking"
      role="region"
      aria-labelledby="desk-table-caption"
      tabIndex={0}
    >
      <table className="desk-table desk-table--stacking" aria-busy={busy}>
        <caption id="desk-table-caption" className="visually-hidden">
          Orders and quotes, newest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Order No.</th>
            <th scope="col">Placed</th>
            <th scope="col">Kind</th>
            <th scope="col">Customer</th>
            <th scope="col">State</th>
            <th scope="col" className="desk-table__money">
              Total
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.orderId}>
              <th scope="row">
                <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderNumber}</Link>
              </th>
              <td data-label="Placed">
                <time dateTime={row.placedAt}>{formatBusinessTime(row.placedAt)}</time>
              </td>
              <td data-label="Kind">{kindLabel(row.kind)}</td>
              <td data-label="Customer" className="desk-table__email">
                {row.customerEmail}
              </td>
              <td data-label="State">{row.state}</td>
              <td data-label="Total" className="desk-table__money">
                {formatUsd(row.totalCents)}
              </td>
              <td data-label="Status">
                <span className="desk-status">{row.status}</span>
                {row.backorderedUnits > 0 && (
                  <span className="backorder-note">{` ${row.backorderedUnits} on backorder`}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

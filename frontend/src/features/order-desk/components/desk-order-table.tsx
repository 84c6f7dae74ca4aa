import { Link } from 'react-router-dom';
import { formatUsd } from '@labshop/shared/money';
import type { DeskOrderRow } from '../api/get-desk-orders.ts';
import { formatDeskTime, kindLabel } from '../desk-format.ts';

interface DeskOrderTableProps {
  rows: readonly DeskOrderRow[];
  busy: boolean;
}

/** One row per order or quote; the order number links to its page. Scrolls sideways inside itself on a phone. */
export function DeskOrderTable({ rows, busy }: DeskOrderTableProps) {
  return (
    <div className="desk-table-scroll" role="region" aria-labelledby="desk-table-caption" tabIndex={0}>
      <table className="desk-table" aria-busy={busy}>
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
              <td>
                <time dateTime={row.placedAt}>{formatDeskTime(row.placedAt)}</time>
              </td>
              <td>{kindLabel(row.kind)}</td>
              <td className="desk-table__email">{row.customerEmail}</td>
              <td>{row.state}</td>
              <td className="desk-table__money">{formatUsd(row.totalCents)}</td>
              <td>
                <span className="desk-status">{row.status}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

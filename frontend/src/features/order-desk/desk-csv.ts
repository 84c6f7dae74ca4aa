import { csvCell } from '@labshop/contracts/csv';
import { plainDollars } from '@labshop/contracts/money';
import type { DeskOrderRow } from './api/get-desk-orders.ts';
import { kindLabel } from './desk-format.ts';

const columns: readonly [string, (row: DeskOrderRow) => string][] = [
  ['Order No.', (row) => row.orderNumber],
  ['Placed', (row) => row.placedAt],
  ['Kind', (row) => kindLabel(row.kind)],
  ['Customer', (row) => row.customerName],
  ['Email', (row) => row.customerEmail],
  ['Company', (row) => row.company],
  ['State', (row) => row.state],
  ['PO number', (row) => row.poNumber ?? ''],
  ['Total (USD)', (row) => plainDollars(row.totalCents)],
  ['Status', (row) => row.status],
];

/** The selected rows of the order desk as CSV (every cell through the one CSV rule), a header line first. */
export function deskRowsCsv(rows: readonly DeskOrderRow[]): string {
  const lines = [columns.map(([name]) => name), ...rows.map((row) => columns.map(([, value]) => value(row)))];
  return lines.map((cells) => cells.map((cell) => csvCell(cell)).join(',')).join('\r\n') + '\r\n';
}

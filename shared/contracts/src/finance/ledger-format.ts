import { csvCell } from '../csv.ts';
import { formatUsd, plainDollars, sumCents } from '../money.ts';
import type { FinanceLedger } from './queries.ts';

/**
 * The ledger as text: `csv` (the back office's download and the CLI's `--format csv`) and `table` (the
 * CLI's default). Both list the same sections in the same order: totals, tax by state, invoices, open
 * quotes, orders.
 */

interface Section {
  title: string;
  header: readonly string[];
  /** Money cells are cents: CSV writes them as plain dollars (1234.50), the table as $1,234.50. */
  rows: (string | number | { cents: number })[][];
}

const money = (cents: number) => ({ cents });

/** The sections the back office's page shows with the same title and columns as the CSV (the CSV adds Days overdue to the invoices). */
export const ledgerHeadings = {
  taxByState: {
    title: 'Sales tax by state (booked orders)',
    header: ['State', 'Orders', 'Subtotal', 'Exempt subtotal', 'Shipping', 'Tax', 'Total'],
  },
  invoices: {
    title: 'Invoices',
    header: [
      'Invoice',
      'Order',
      'Issued',
      'Due',
      'Amount',
      'Credited',
      'Paid',
      'Balance',
      'Refund due',
      'Standing',
      'Paid at',
    ],
  },
} as const;

function sections(ledger: FinanceLedger): Section[] {
  const { totals, invoiceTotals } = ledger;
  return [
    {
      title: `Ledger as of ${ledger.asOf} (${ledger.eventsReplayed} events)`,
      header: ['What', 'Count', 'Amount'],
      rows: [
        ['Booked orders: subtotal', totals.orders, money(totals.subtotalCents)],
        ['Booked orders: shipping', totals.orders, money(totals.shippingCents)],
        ['Booked orders: sales tax', totals.orders, money(totals.taxCents)],
        ['Booked orders: total', totals.orders, money(totals.totalCents)],
        ['Invoices issued', invoiceTotals.issued.count, money(invoiceTotals.issued.totalCents)],
        ['Credit notes issued', invoiceTotals.credited.count, money(invoiceTotals.credited.totalCents)],
        ['Invoices paid', invoiceTotals.paid.count, money(invoiceTotals.paid.totalCents)],
        [
          'Refunds due (credits after payment)',
          invoiceTotals.refundsDue.count,
          money(invoiceTotals.refundsDue.totalCents),
        ],
        ['Invoices open (not yet due)', invoiceTotals.open.count, money(invoiceTotals.open.totalCents)],
        ['Invoices overdue (Net 30)', invoiceTotals.overdue.count, money(invoiceTotals.overdue.totalCents)],
        ['Open quotes', ledger.openQuotes.length, money(sumCents(ledger.openQuotes, (quote) => quote.totalCents))],
      ],
    },
    {
      ...ledgerHeadings.taxByState,
      rows: ledger.taxByState.map((row) => [
        row.state,
        row.orders,
        money(row.subtotalCents),
        money(row.exemptSubtotalCents),
        money(row.shippingCents),
        money(row.taxCents),
        money(row.totalCents),
      ]),
    },
    {
      title: ledgerHeadings.invoices.title,
      header: [...ledgerHeadings.invoices.header, 'Days overdue'],
      rows: ledger.invoices.map((row) => [
        row.invoiceNumber,
        row.orderNumber,
        row.issuedAt,
        row.dueAt,
        money(row.totalCents),
        money(row.creditedCents),
        money(row.paidCents),
        money(row.balanceCents),
        money(row.refundDueCents),
        row.standing,
        row.paidAt ?? '',
        row.daysOverdue,
      ]),
    },
    {
      title: 'Open quotes',
      header: [
        'Order',
        'Requested',
        'Status',
        'Quoted',
        'Expires',
        'Company',
        'Name',
        'PO number',
        'Subtotal',
        'Shipping',
        'Tax',
        'Total',
      ],
      rows: ledger.openQuotes.map((row) => [
        row.orderNumber,
        row.requestedAt,
        row.status,
        row.quotedAt ?? '',
        row.expiresAt ?? '',
        row.company,
        row.name,
        row.poNumber,
        money(row.subtotalCents),
        money(row.shippingCents),
        money(row.taxCents),
        money(row.totalCents),
      ]),
    },
    {
      title: 'Orders',
      header: [
        'Order',
        'Placed',
        'Status',
        'Standing',
        'State',
        'Tax exempt number',
        'Subtotal',
        'Shipping',
        'Tax',
        'Total',
      ],
      rows: ledger.orders.map((row) => [
        row.orderNumber,
        row.placedAt,
        row.status,
        row.standing,
        row.taxState,
        row.taxExemptNumber ?? '',
        money(row.subtotalCents),
        money(row.shippingCents),
        money(row.taxCents),
        money(row.totalCents),
      ]),
    },
  ];
}

/**
 * RFC 4180 CSV: each section a title row, its header and rows, sections apart by an empty line. Text cells
 * follow the one CSV rule (`csv.ts`): formulas defused, separators quoted.
 */
export function ledgerCsv(ledger: FinanceLedger): string {
  const lines: string[] = [];
  for (const section of sections(ledger)) {
    if (lines.length > 0) lines.push('');
    lines.push(csvCell(section.title), section.header.map((title) => csvCell(title)).join(','));
    for (const row of section.rows)
      lines.push(
        row
          .map((cell) =>
            typeof cell === 'object'
              ? plainDollars(cell.cents)
              : typeof cell === 'number'
                ? String(cell)
                : csvCell(cell),
          )
          .join(','),
      );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Aligned plain-text tables for a terminal; numbers and money to the right. */
export function ledgerTable(ledger: FinanceLedger): string {
  const blocks = sections(ledger).map((section) => {
    const cells = section.rows.map((row) =>
      row.map((cell) => (typeof cell === 'object' ? formatUsd(cell.cents) : String(cell))),
    );
    const rightAligned = section.rows[0]?.map((cell) => typeof cell !== 'string') ?? section.header.map(() => false);
    const widths = section.header.map((title, column) =>
      Math.max(title.length, ...cells.map((row) => row[column]!.length)),
    );
    const line = (row: readonly string[]) =>
      row
        .map((cell, column) => (rightAligned[column] ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
        .join('  ')
        .trimEnd();
    const body = cells.length > 0 ? cells.map(line) : ['(none)'];
    return [section.title, line(section.header), widths.map((width) => '-'.repeat(width)).join('  '), ...body].join(
      '\n',
    );
  });
  return `${blocks.join('\n\n')}\n`;
}

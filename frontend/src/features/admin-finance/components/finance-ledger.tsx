import { formatBusinessTime } from '@labshop/contracts/dates';
import { CsvDownload } from '@/components/csv-download/csv-download.tsx';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '@labshop/contracts/money';
import { ledgerHeadings } from '@labshop/contracts/finance/ledger-format';
import { parseAsOf, type FinanceLedger } from '@labshop/contracts/finance/queries';
import { ErrorState, LoadingState } from '@/components/page-state/page-state.tsx';
import { TextField } from '@/components/text-field/text-field.tsx';
import { downloadLedgerCsv, useLedger } from '../api/get-ledger.ts';
import { instantFromLocalInput, localInputFromInstant } from '@/lib/local-date-time.ts';
import './finance-ledger.css';

/** A moment in the admin's own time zone and locale, to the second. */

interface FinanceLedgerViewProps {
  /** ISO instant, or null for the live ledger (as of now). */
  asOf: string | null;
  onAsOfChange(asOf: string | null): void;
}

/** The finance ledger as of a chosen moment: a date-time picker, the books then, and their CSV. */
export function FinanceLedgerView({ asOf, onAsOfChange }: FinanceLedgerViewProps) {
  const ledger = useLedger(asOf);
  return (
    <div className="finance">
      <AsOfForm asOf={asOf} onAsOfChange={onAsOfChange} />
      {ledger.data === undefined ? (
        ledger.error === null ? (
          <LoadingState>Replaying the ledger…</LoadingState>
        ) : (
          <ErrorState
            message={`The ledger could not be replayed. ${ledger.error.message}`}
            onRetry={() => void ledger.refetch()}
            retrying={ledger.isRefetching}
          />
        )
      ) : (
        <LedgerTables ledger={ledger.data} live={asOf === null} />
      )}
    </div>
  );
}

function AsOfForm({ asOf, onAsOfChange }: FinanceLedgerViewProps) {
  const [draft, setDraft] = useState(localInputFromInstant(asOf));
  const [problem, setProblem] = useState<string | null>(null);
  // The URL can change under the form (Back, the nav link): the picker follows it.
  const [shown, setShown] = useState(asOf);
  if (shown !== asOf) {
    setShown(asOf);
    setDraft(localInputFromInstant(asOf));
    setProblem(null);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const iso = instantFromLocalInput(draft);
    // The server's own check, so a moment it would refuse is said beside the field before any request.
    const moment = iso === null ? { problem: 'Choose a date and a time.' } : parseAsOf(iso, new Date());
    if ('problem' in moment) return setProblem(moment.problem);
    setProblem(null);
    onAsOfChange(moment.asOf.toISOString());
  };

  return (
    <form className="finance__as-of" aria-label="Ledger as of" onSubmit={submit} noValidate>
      <TextField
        label="As of (your local time)"
        type="datetime-local"
        step={1}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={problem ?? undefined}
        announceError
      />
      <div className="finance__as-of-actions">
        <button type="submit" className="button button--primary">
          Show ledger
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => onAsOfChange(null)}
          disabled={asOf === null}
        >
          Now (live)
        </button>
      </div>
    </form>
  );
}

function LedgerTables({ ledger, live }: { ledger: FinanceLedger; live: boolean }) {
  const { totals, invoiceTotals } = ledger;
  return (
    <>
      <div className="spread-bar finance__heading">
        <p role="status">
          {live ? 'Live ledger, as of ' : 'Ledger as of '}
          <time dateTime={ledger.asOf}>{formatBusinessTime(ledger.asOf)}</time>
          {` · ${ledger.eventsReplayed.toLocaleString('en-US')} events replayed`}
        </p>
        <CsvDownload download={(token) => downloadLedgerCsv(ledger.asOf, token)} />
      </div>

      <dl className="finance__figures">
        <Figure label="Booked orders" value={`${totals.orders}`} />
        <Figure label="Subtotal" value={formatUsd(totals.subtotalCents)} />
        <Figure label="Shipping" value={formatUsd(totals.shippingCents)} />
        <Figure label="Sales tax" value={formatUsd(totals.taxCents)} />
        <Figure label="Total" value={formatUsd(totals.totalCents)} />
        <Figure
          label={`Invoices issued (${invoiceTotals.issued.count})`}
          value={formatUsd(invoiceTotals.issued.totalCents)}
        />
        <Figure
          label={`Credit notes (${invoiceTotals.credited.count})`}
          value={formatUsd(invoiceTotals.credited.totalCents)}
        />
        <Figure label={`Paid (${invoiceTotals.paid.count})`} value={formatUsd(invoiceTotals.paid.totalCents)} />
        <Figure
          label={`Refunds due (${invoiceTotals.refundsDue.count})`}
          value={formatUsd(invoiceTotals.refundsDue.totalCents)}
        />
        <Figure
          label={`Open, not yet due (${invoiceTotals.open.count})`}
          value={formatUsd(invoiceTotals.open.totalCents)}
        />
        <Figure
          label={`Overdue, Net 30 (${invoiceTotals.overdue.count})`}
          value={formatUsd(invoiceTotals.overdue.totalCents)}
        />
        <Figure label="Open quotes" value={ledger.rowCounts.openQuotes.toLocaleString('en-US')} />
      </dl>

      <LedgerTable
        id="finance-tax"
        title={ledgerHeadings.taxByState.title}
        headers={ledgerHeadings.taxByState.header}
        money={[2, 3, 4, 5, 6]}
        empty="No booked orders."
        of={ledger.taxByState.length}
      >
        {ledger.taxByState.map((row) => (
          <tr key={row.state}>
            <th scope="row">{row.state}</th>
            <td>{row.orders}</td>
            <Money cents={row.subtotalCents} />
            <Money cents={row.exemptSubtotalCents} />
            <Money cents={row.shippingCents} />
            <Money cents={row.taxCents} />
            <Money cents={row.totalCents} />
          </tr>
        ))}
      </LedgerTable>

      <LedgerTable
        id="finance-invoices"
        title={ledgerHeadings.invoices.title}
        headers={ledgerHeadings.invoices.header}
        money={[4, 5, 6, 7, 8]}
        empty="No invoices issued."
        of={ledger.rowCounts.invoices}
      >
        {ledger.invoices.map((row) => (
          <tr key={row.invoiceNumber}>
            <th scope="row">{row.invoiceNumber}</th>
            <td>
              <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderNumber}</Link>
            </td>
            <td>
              <time dateTime={row.issuedAt}>{formatBusinessTime(row.issuedAt)}</time>
            </td>
            <td>
              <time dateTime={row.dueAt}>{formatBusinessTime(row.dueAt)}</time>
            </td>
            <Money cents={row.totalCents} />
            <Money cents={row.creditedCents} />
            <Money cents={row.paidCents} />
            <Money cents={row.balanceCents} />
            <Money cents={row.refundDueCents} />
            <td>
              <span className={`finance__standing finance__standing--${row.standing.toLowerCase()}`}>
                {row.standing === 'Overdue' ? `Overdue ${row.daysOverdue} d` : row.standing}
              </span>
            </td>
            <td>{row.paidAt === null ? '' : <time dateTime={row.paidAt}>{formatBusinessTime(row.paidAt)}</time>}</td>
          </tr>
        ))}
      </LedgerTable>

      <LedgerTable
        id="finance-quotes"
        title="Open quotes"
        headers={['Order', 'Requested', 'Status', 'Expires', 'Company', 'PO number', 'Total']}
        money={[6]}
        empty="No open quotes."
        of={ledger.rowCounts.openQuotes}
      >
        {ledger.openQuotes.map((row) => (
          <tr key={row.orderId}>
            <th scope="row">
              <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderNumber}</Link>
            </th>
            <td>
              <time dateTime={row.requestedAt}>{formatBusinessTime(row.requestedAt)}</time>
            </td>
            <td>{row.status}</td>
            <td>
              {row.expiresAt === null ? '' : <time dateTime={row.expiresAt}>{formatBusinessTime(row.expiresAt)}</time>}
            </td>
            <td>{row.company}</td>
            <td>{row.poNumber}</td>
            <Money cents={row.totalCents} />
          </tr>
        ))}
      </LedgerTable>

      <LedgerTable
        id="finance-orders"
        title="Orders"
        headers={['Order', 'Placed', 'Status then', 'State', 'Subtotal', 'Shipping', 'Tax', 'Total']}
        money={[4, 5, 6, 7]}
        empty="No orders yet."
        of={ledger.rowCounts.orders}
      >
        {ledger.orders.map((row) => (
          <tr key={row.orderId} className={row.standing === 'booked' ? undefined : 'finance__uncounted'}>
            <th scope="row">
              <Link to={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderNumber}</Link>
            </th>
            <td>
              <time dateTime={row.placedAt}>{formatBusinessTime(row.placedAt)}</time>
            </td>
            <td>
              {row.status}
              {row.standing !== 'booked' && <span className="finance__note"> (not counted)</span>}
            </td>
            <td>{row.taxExemptNumber === null ? row.taxState : `${row.taxState}, exempt`}</td>
            <Money cents={row.subtotalCents} />
            <Money cents={row.shippingCents} />
            <Money cents={row.taxCents} />
            <Money cents={row.totalCents} />
          </tr>
        ))}
      </LedgerTable>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="finance__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const Money = ({ cents }: { cents: number }) => <td className="finance__money">{formatUsd(cents)}</td>;

interface LedgerTableProps {
  id: string;
  title: string;
  headers: readonly string[];
  /** Columns (by index) holding money, aligned right. */
  money: number[];
  empty: string;
  /** How many rows the list has in full, when the page shows only the latest. */
  of: number;
  children: ReactNode[];
}

/** One section of the ledger: a heading and its table, a region named by the heading that scrolls sideways on a phone. */
function LedgerTable({ id, title, headers, money, empty, of, children }: LedgerTableProps) {
  return (
    <section className="finance__section">
      <h2 id={id}>{title}</h2>
      {of > children.length && (
        <p className="finance__note">{`The latest ${children.length.toLocaleString('en-US')} of ${of.toLocaleString('en-US')}: the CSV has every one.`}</p>
      )}
      {children.length === 0 ? (
        <p className="finance__note">{empty}</p>
      ) : (
        <div className="finance__scroll" role="region" aria-labelledby={id} tabIndex={0}>
          <table className="finance__table">
            <thead>
              <tr>
                {headers.map((header, column) => (
                  <th key={header} scope="col" className={money.includes(column) ? 'finance__money' : undefined}>
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

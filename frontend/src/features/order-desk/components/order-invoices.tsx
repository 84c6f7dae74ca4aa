import { useState } from 'react';
import { formatUsd } from '@labshop/contracts/money';
import { isInvoicedOrder } from '@labshop/contracts/orders/desk-rules';
import { useAdminToken } from '@/lib/admin-session.ts';
import type { DeskOrder } from '../api/get-desk-order.ts';
import { downloadInvoice } from '../api/download-invoice.ts';
import { formatBusinessTime } from '@labshop/contracts/dates';
import { CreditNoteForm } from './credit-note-form.tsx';

/**
 * The order's invoices (issued by the workers once the purchase order arrived or the quote was accepted) and
 * the credit notes against them, each downloadable as its PDF once issued, and 'Issue credit note'. `retained`: the
 * customer was erased, so the documents are retained records and each download is recorded.
 */
export function OrderInvoices({ order, retained }: { order: DeskOrder; retained: boolean }) {
  const token = useAdminToken();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const download = async (invoiceNumber: string) => {
    // invoiceNumber: an invoice's or a credit note's number (downloadInvoice picks the route by it).
    if (token === null) return;
    setDownloading(invoiceNumber);
    setFailure(null);
    try {
      await downloadInvoice(order.orderId, invoiceNumber, token, retained);
    } catch (error) {
      setFailure(`${invoiceNumber} could not be downloaded. ${error instanceof Error ? error.message : ''}`);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <section className="desk-panel" aria-labelledby="desk-invoices-heading">
      <h2 id="desk-invoices-heading">Invoices</h2>
      {failure !== null && (
        <p className="banner banner--error" role="alert">
          {failure}
        </p>
      )}
      {order.invoices.length === 0 ? (
        <p className="desk-note">
          {isInvoicedOrder(order)
            ? 'The invoice is being issued.'
            : 'None: invoices are issued when a purchase order arrives or a quote is accepted.'}
        </p>
      ) : (
        <ul className="desk-invoices">
          {order.invoices.map((invoice) => (
            <li key={invoice.invoiceNumber}>
              <span>
                {invoice.invoiceNumber}, issued{' '}
                <time dateTime={invoice.issuedAt}>{formatBusinessTime(invoice.issuedAt)}</time>
              </span>
              <DownloadButton
                kind="invoice"
                number={invoice.invoiceNumber}
                downloading={downloading}
                onDownload={download}
              />
            </li>
          ))}
          {order.creditNotes.map((note) => (
            <li key={note.creditNoteNumber}>
              <span>
                {/* An erased customer's order keeps no reason staff typed: no empty "()". */}
                {`${note.creditNoteNumber}: ${formatUsd(note.amountCents)} credited on ${note.invoiceNumber}${note.reason ? ` (${note.reason})` : ''}, `}
                {note.issuedAt === null ? (
                  'being issued'
                ) : (
                  <>
                    issued <time dateTime={note.issuedAt}>{formatBusinessTime(note.issuedAt)}</time>
                  </>
                )}
              </span>
              {note.sha256 !== null && (
                <DownloadButton
                  kind="credit note"
                  number={note.creditNoteNumber}
                  downloading={downloading}
                  onDownload={download}
                />
              )}
            </li>
          ))}
          {order.receipts.map((receipt) => (
            <li key={receipt.receiptNumber}>
              <span>
                {`${receipt.receiptNumber}: payment of ${formatUsd(receipt.amountCents)} received, receipt issued `}
                <time dateTime={receipt.issuedAt}>{formatBusinessTime(receipt.issuedAt)}</time>
              </span>
              <DownloadButton
                kind="payment receipt"
                number={receipt.receiptNumber}
                downloading={downloading}
                onDownload={download}
              />
            </li>
          ))}
        </ul>
      )}
      <CreditNoteForm order={order} />
    </section>
  );
}

/**
 * A document's Download PDF button ('Downloading…' while it comes), named with the document after the words it shows
 * (WCAG's label in name: 'Download PDF, invoice INV-…').
 */
function DownloadButton(props: {
  kind: string;
  number: string;
  downloading: string | null;
  onDownload(number: string): Promise<void>;
}) {
  const { kind, number, downloading, onDownload } = props;
  const shown = downloading === number ? 'Downloading…' : 'Download PDF';
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      onClick={() => void onDownload(number)}
      disabled={downloading !== null}
      aria-label={`${shown}, ${kind} ${number}`}
    >
      {shown}
    </button>
  );
}

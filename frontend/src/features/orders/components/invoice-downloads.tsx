import { useState } from 'react';
import { documentRouteOf } from '@labshop/contracts/orders/document-numbers';
import type { OrderView } from '@labshop/contracts/orders/queries';

const documentNames = { invoices: 'Invoice', 'credit-notes': 'Credit note', receipts: 'Receipt' } as const;

interface InvoiceDownloadsProps {
  order: OrderView;
  /** Fetches the PDF with the customer's session and saves it (downloadMyInvoice). */
  onDownload(invoiceNumber: string): Promise<void>;
  describedBy: string;
}

/**
 * 'Download invoice' (spec §2) for each invoice the order has, and 'Download credit note' for each credit
 * note issued against it; nothing until one is issued.
 */
export function InvoiceDownloads({ order, onDownload, describedBy }: InvoiceDownloadsProps) {
  const [downloading, setDownloading] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const creditNotes = order.creditNotes.filter((note) => note.sha256 !== null);
  if (order.invoices.length === 0 && creditNotes.length === 0 && order.receipts.length === 0) return null;

  const download = async (invoiceNumber: string) => {
    setDownloading(invoiceNumber);
    setFailure(null);
    try {
      await onDownload(invoiceNumber);
    } catch (error) {
      setFailure(
        `${documentNames[documentRouteOf(invoiceNumber)]} ${invoiceNumber} could not be downloaded. ${error instanceof Error ? error.message : ''}`,
      );
    } finally {
      setDownloading(null);
    }
  };

  return (
    <div className="order-card__invoices">
      {order.invoices.map(({ invoiceNumber }) => (
        <button
          key={invoiceNumber}
          type="button"
          className="button button--secondary button--small"
          onClick={() => void download(invoiceNumber)}
          disabled={downloading !== null}
          aria-describedby={describedBy}
          title={`${invoiceNumber} (PDF)`}
        >
          {downloading === invoiceNumber
            ? 'Downloading…'
            : order.invoices.length === 1
              ? 'Download invoice'
              : `Download invoice ${invoiceNumber}`}
        </button>
      ))}
      {creditNotes.map(({ creditNoteNumber }) => (
        <button
          key={creditNoteNumber}
          type="button"
          className="button button--secondary button--small"
          onClick={() => void download(creditNoteNumber)}
          disabled={downloading !== null}
          aria-describedby={describedBy}
          title={`${creditNoteNumber} (PDF)`}
        >
          {downloading === creditNoteNumber ? 'Downloading…' : `Download credit note ${creditNoteNumber}`}
        </button>
      ))}
      {order.receipts.map(({ receiptNumber }) => (
        <button
          key={receiptNumber}
          type="button"
          className="button button--secondary button--small"
          onClick={() => void download(receiptNumber)}
          disabled={downloading !== null}
          aria-describedby={describedBy}
          title={`${receiptNumber} (PDF)`}
        >
          {downloading === receiptNumber ? 'Downloading…' : 'Download payment receipt'}
        </button>
      ))}
      {failure !== null && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

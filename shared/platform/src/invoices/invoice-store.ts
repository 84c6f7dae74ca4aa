import { createHash } from 'node:crypto';
import { access, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredInvoice } from '@labshop/contracts/orders/invoices-events';
import { writeWhole } from '../write-whole.ts';

/** `<sha256>.pdf`: the only names the store hands out or opens. */
export const INVOICE_FILE_NAME = /^[0-9a-f]{64}\.pdf$/;

export const invoiceFileName = (sha256: string) => `${sha256}.pdf`;

/**
 * Issued invoice PDFs, content-addressed, in `<DATA_DIR>/invoices`. Not in the content folder the web
 * app serves publicly at /content: an invoice reaches only its customer and staff, through the query
 * API's download routes (which read this same folder).
 */
export function createInvoiceStore(invoiceDir: string) {
  return {
    /** Stores the bytes under their hash; storing the same bytes again finds them there and changes nothing. */
    async put(bytes: Buffer): Promise<StoredInvoice> {
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const fileName = invoiceFileName(sha256);
      const path = join(invoiceDir, fileName);
      const exists = await access(path).then(
        () => true,
        () => false,
      );
      // Written whole: a reader never sees half an invoice.
      if (!exists) await writeWhole(path, bytes);
      return { fileName, sha256, size: bytes.length };
    },

    /** Whether the file is there (a retained document is gone once shredded). */
    async has(invoice: { fileName: string }): Promise<boolean> {
      if (!INVOICE_FILE_NAME.test(invoice.fileName)) throw new Error(`Not an invoice file name: ${invoice.fileName}`);
      return access(join(invoiceDir, invoice.fileName)).then(
        () => true,
        () => false,
      );
    },

    /** Deletes a stored file (shredding a retained document at the end of its retention period); a missing one is no error. */
    async shred(invoice: { fileName: string }): Promise<void> {
      if (!INVOICE_FILE_NAME.test(invoice.fileName)) throw new Error(`Not an invoice file name: ${invoice.fileName}`);
      await rm(join(invoiceDir, invoice.fileName), { force: true });
    },

    /** The stored bytes, checked against the hash the InvoiceIssued event recorded. */
    async read(invoice: { fileName: string; sha256: string }): Promise<Buffer> {
      if (!INVOICE_FILE_NAME.test(invoice.fileName)) throw new Error(`Not an invoice file name: ${invoice.fileName}`);
      const bytes = await readFile(join(invoiceDir, invoice.fileName));
      const actual = createHash('sha256').update(bytes).digest('hex');
      if (actual !== invoice.sha256)
        throw new Error(`Invoice file ${invoice.fileName} does not match its recorded sha256`);
      return bytes;
    },
  };
}

export type InvoiceStore = ReturnType<typeof createInvoiceStore>;

/** Where invoices live under the data folder; the query API's download routes read the same place. */
export const invoiceDirOf = (dataDir: string) => join(dataDir, 'invoices');

/** Where customers' tax exemption certificates (PDF) live under the data folder: the same private, content-addressed store as invoices. */
export const certificateDirOf = (dataDir: string) => join(dataDir, 'tax-certificates');

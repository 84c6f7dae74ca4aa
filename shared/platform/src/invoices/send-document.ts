import type { FastifyReply } from 'fastify';
import type { IssuedDocument } from '@labshop/contracts/orders/document-numbers';
import { ApiError } from '../http/api-error.ts';
import { invoiceFileName, type InvoiceStore } from './invoice-store.ts';

/** What a retained document's download answers once the retention sweep deleted its file. */
export const SHREDDED = 'was shredded at the end of its retention period';

/**
 * Sends an issued document's PDF exactly as stored, its bytes checked against the hash its event recorded: the
 * query API's downloads and the command API's retained download both answer with it. A document with no file yet
 * (a credit note the workers have not issued) answers 404 `notFound`, a shredded one 404 saying so. `beforeSending`
 * runs once the file is known to be there and before a byte is read (the retained download records itself then).
 */
export async function sendIssuedDocument(
  reply: FastifyReply,
  store: InvoiceStore,
  document: IssuedDocument | undefined,
  notFound: string,
  beforeSending?: () => Promise<void>,
) {
  if (!document?.sha256) throw new ApiError('NotFound', notFound);
  const stored = { fileName: invoiceFileName(document.sha256), sha256: document.sha256 };
  if (!(await store.has(stored))) throw new ApiError('NotFound', `${document.number} ${SHREDDED}`);
  await beforeSending?.();
  const bytes = await store.read(stored);
  return (
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      // An issued document never changes, but it is personal: browsers may keep it, shared caches not.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${document.sha256}"`)
      .send(bytes)
  );
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDesk, type OrderDeskEntry } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import type { EventStore } from '@labshop/shared/event-store/port';
import { orderStream } from '@labshop/shared/events/orders';
import type { RetainedDocumentEvent } from '@labshop/shared/events/retained-documents';
import { commandMetadata } from '@labshop/shared/http/request-metadata';
import { ERASED_CUSTOMER } from '@labshop/shared/orders/erased-customer';
import { orderIdParams } from '@labshop/shared/commands/orders';
import { ApiError } from '@labshop/shared/http/api-error';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { createInvoiceStore, invoiceFileName } from '@labshop/shared/invoices/invoice-store';
import type { ReadModels } from '../read-models.ts';

export interface InvoiceQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** Where a staff download of an erased customer's document is recorded. */
  eventStore: EventStore;
  now: () => Date;
  /** Where the workers store issued invoices (`<DATA_DIR>/invoices`). */
  invoiceDir: string;
}

const INVOICE_NOT_FOUND = 'Invoice not found';
const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';
const SHREDDED = 'was shredded at the end of its retention period';
const RECEIPT_NOT_FOUND = 'Receipt not found';

const withoutPdf = (value: string) => value.replace(/\.pdf$/, '');

/** `INV-<order number>`, with or without `.pdf` (links name the file, so browsers save it as such). */
const invoiceParams = orderIdParams.extend({
  invoiceNumber: z
    .string()
    .regex(/^INV-[A-Za-z0-9-]{1,40}(\.pdf)?$/, 'Invoice number looks like INV-LUM2311202600001')
    .transform(withoutPdf),
});

/** `CN-<order number>-<n>`, with or without `.pdf`. */
const creditNoteParams = orderIdParams.extend({
  creditNoteNumber: z
    .string()
    .regex(/^CN-[A-Za-z0-9]{1,40}-\d{1,6}(\.pdf)?$/, 'Credit note number looks like CN-LUM2311202600001-1')
    .transform(withoutPdf),
});

/** `RCT-<order number>`, with or without `.pdf`. */
const receiptParams = orderIdParams.extend({
  receiptNumber: z
    .string()
    .regex(/^RCT-[A-Za-z0-9-]{1,40}(\.pdf)?$/, 'Receipt number looks like RCT-LUM2311202600001')
    .transform(withoutPdf),
});

/** An issued document of an order (an invoice or a credit note): its number and the hash it was issued with. */
interface IssuedDocument {
  number: string;
  sha256: string | null;
}

const invoicesOf = (entry: OrderDeskEntry | null | undefined): IssuedDocument[] => entry?.order.invoices.map(({ invoiceNumber, sha256 }) => ({ number: invoiceNumber, sha256 })) ?? [];
// A credit note staff asked for has no file until the workers issue it (sha256 null): not found until then.
const creditNotesOf = (entry: OrderDeskEntry | null | undefined): IssuedDocument[] => entry?.order.creditNotes.map(({ creditNoteNumber, sha256 }) => ({ number: creditNoteNumber, sha256 })) ?? [];

const isErased = (entry: OrderDeskEntry | null | undefined) => entry?.customerEmail === ERASED_CUSTOMER.email;
const receiptsOf = (entry: OrderDeskEntry | null | undefined): IssuedDocument[] => entry?.order.receipts.map(({ receiptNumber, sha256 }) => ({ number: receiptNumber, sha256 })) ?? [];

/**
 * Invoice, credit note and payment receipt downloads: the PDF exactly as issued. The customer gets their own order's only
 * (another's answers 404, like a missing one); staff get any. The stored bytes are checked against the
 * hash the InvoiceIssued (or CreditNoteIssued) event recorded before a byte is sent.
 * An erased customer's documents are legal records kept for the retention period: staff only, and each
 * download is recorded (RetainedDocumentDownloaded, the admin its actor: the audit log) before a byte is
 * sent; once shredded they answer 404 saying so.
 */
export const invoiceQueries: FastifyPluginAsyncZod<InvoiceQueryDeps> = async (app, { readModels, tokens, invoiceDir, eventStore, now }) => {
  const store = createInvoiceStore(invoiceDir);

  async function sendDocument(reply: FastifyReply, documents: IssuedDocument[], number: string, notFound: string, beforeSending?: () => Promise<void>) {
    const document = documents.find((candidate) => candidate.number === number);
    if (!document?.sha256) throw new ApiError('NotFound', notFound);
    const stored = { fileName: invoiceFileName(document.sha256), sha256: document.sha256 };
    if (!(await store.has(stored))) throw new ApiError('NotFound', `${document.number} ${SHREDDED}`);
    await beforeSending?.();
    const bytes = await store.read(stored);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      // An issued document never changes, but it is personal: browsers may keep it, shared caches not.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${document.sha256}"`)
      .send(bytes);
  }

  const entryOf = async (orderId: string) => (await readModels.collection(orderDesk))?.get(orderId);
  // Someone else's order is answered as missing: its existence is nobody else's business. So is an erased
  // customer's (their sessions ended with the erasure; this holds whatever a token says).
  const ownEntry = async (request: FastifyRequest, orderId: string) => {
    const entry = await entryOf(orderId);
    return entry?.customerId === actorOf(request).id && !isErased(entry) ? entry : null;
  };

  /** Staff's download of an erased customer's document: recorded before it is sent (nothing is sent unrecorded). */
  const recordedIfRetained = (request: FastifyRequest, entry: OrderDeskEntry | null | undefined, documentNumber: string) => async () => {
    if (!entry || !isErased(entry)) return;
    const at = now();
    const event: RetainedDocumentEvent = { type: 'RetainedDocumentDownloaded', data: { orderId: entry.id, documentNumber, downloadedAt: at.toISOString() } };
    await eventStore.append(orderStream(entry.id), [{ ...event, metadata: commandMetadata(request, actorOf(request), at) }], { expectedRevision: 'any' });
  };

  app.get(
    '/api/account/orders/:orderId/invoices/:invoiceNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer orders'],
        security: [{ bearer: [] }],
        summary: "One of the customer's invoices as issued (application/pdf); another customer's answers 404",
        params: invoiceParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, invoicesOf(await ownEntry(request, request.params.orderId)), request.params.invoiceNumber, INVOICE_NOT_FOUND),
  );

  app.get(
    '/api/admin/orders/:orderId/invoices/:invoiceNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary: "Any order's invoice as issued (application/pdf); an erased customer's is a retained record: each download is recorded in the audit log",
        params: invoiceParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const entry = await entryOf(request.params.orderId);
      return sendDocument(reply, invoicesOf(entry), request.params.invoiceNumber, INVOICE_NOT_FOUND, recordedIfRetained(request, entry, request.params.invoiceNumber));
    },
  );

  app.get(
    '/api/account/orders/:orderId/credit-notes/:creditNoteNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer orders'],
        security: [{ bearer: [] }],
        summary: "One of the customer's credit notes as issued (application/pdf); another customer's answers 404",
        params: creditNoteParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, creditNotesOf(await ownEntry(request, request.params.orderId)), request.params.creditNoteNumber, CREDIT_NOTE_NOT_FOUND),
  );

  app.get(
    '/api/admin/orders/:orderId/credit-notes/:creditNoteNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary: "Any order's credit note as issued (application/pdf); an erased customer's is a retained record: each download is recorded in the audit log",
        params: creditNoteParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const entry = await entryOf(request.params.orderId);
      return sendDocument(reply, creditNotesOf(entry), request.params.creditNoteNumber, CREDIT_NOTE_NOT_FOUND, recordedIfRetained(request, entry, request.params.creditNoteNumber));
    },
  );

  app.get(
    '/api/account/orders/:orderId/receipts/:receiptNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer orders'],
        security: [{ bearer: [] }],
        summary: "One of the customer's payment receipts as issued (application/pdf); another customer's answers 404",
        params: receiptParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, receiptsOf(await ownEntry(request, request.params.orderId)), request.params.receiptNumber, RECEIPT_NOT_FOUND),
  );

  app.get(
    '/api/admin/orders/:orderId/receipts/:receiptNumber',
    {
      config: { readModels: [orderDesk] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary: "Any order's payment receipt as issued (application/pdf); an erased customer's is a retained record: each download is recorded in the audit log",
        params: receiptParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const entry = await entryOf(request.params.orderId);
      return sendDocument(reply, receiptsOf(entry), request.params.receiptNumber, RECEIPT_NOT_FOUND, recordedIfRetained(request, entry, request.params.receiptNumber));
    },
  );
};

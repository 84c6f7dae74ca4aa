import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderDesk, type OrderDeskEntry } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { orderIdParams } from '@labshop/shared/commands/orders';
import { ApiError } from '@labshop/shared/http/api-error';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { createInvoiceStore, invoiceFileName } from '@labshop/shared/invoices/invoice-store';
import type { ReadModels } from '../read-models.ts';

export interface InvoiceQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** Where the workers store issued invoices (`<DATA_DIR>/invoices`). */
  invoiceDir: string;
}

const INVOICE_NOT_FOUND = 'Invoice not found';
const CREDIT_NOTE_NOT_FOUND = 'Credit note not found';
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

const receiptsOf = (entry: OrderDeskEntry | null | undefined): IssuedDocument[] => entry?.order.receipts.map(({ receiptNumber, sha256 }) => ({ number: receiptNumber, sha256 })) ?? [];

/**
 * Invoice, credit note and payment receipt downloads: the PDF exactly as issued. The customer gets their own order's only
 * (another's answers 404, like a missing one); staff get any. The stored bytes are checked against the
 * hash the InvoiceIssued (or CreditNoteIssued) event recorded before a byte is sent.
 */
export const invoiceQueries: FastifyPluginAsyncZod<InvoiceQueryDeps> = async (app, { readModels, tokens, invoiceDir }) => {
  const store = createInvoiceStore(invoiceDir);

  async function sendDocument(reply: FastifyReply, documents: IssuedDocument[], number: string, notFound: string) {
    const document = documents.find((candidate) => candidate.number === number);
    if (!document?.sha256) throw new ApiError('NotFound', notFound);
    const bytes = await store.read({ fileName: invoiceFileName(document.sha256), sha256: document.sha256 });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${document.number}.pdf"`)
      // An issued document never changes, but it is personal: browsers may keep it, shared caches not.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${document.sha256}"`)
      .send(bytes);
  }

  const entryOf = async (orderId: string) => (await readModels.collection(orderDesk))?.get(orderId);
  // Someone else's order is answered as missing: its existence is nobody else's business.
  const ownEntry = async (request: FastifyRequest, orderId: string) => {
    const entry = await entryOf(orderId);
    return entry?.customerId === actorOf(request).id ? entry : null;
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
        summary: "Any order's invoice as issued (application/pdf)",
        params: invoiceParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, invoicesOf(await entryOf(request.params.orderId)), request.params.invoiceNumber, INVOICE_NOT_FOUND),
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
        summary: "Any order's credit note as issued (application/pdf)",
        params: creditNoteParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, creditNotesOf(await entryOf(request.params.orderId)), request.params.creditNoteNumber, CREDIT_NOTE_NOT_FOUND),
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
        summary: "Any order's payment receipt as issued (application/pdf)",
        params: receiptParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendDocument(reply, receiptsOf(await entryOf(request.params.orderId)), request.params.receiptNumber, RECEIPT_NOT_FOUND),
  );
};

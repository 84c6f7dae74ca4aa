import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { EventStore } from '@labshop/platform/event-store/port';
import { orderStream } from '@labshop/contracts/orders/events';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { retainedDocumentsDecider } from '@labshop/contracts/orders/retained-documents';
import { commandMetadata } from '@labshop/platform/http/request-metadata';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { createInvoiceStore, invoiceFileName } from '@labshop/platform/invoices/invoice-store';
import type { ReadModels } from '../read-models.ts';
import { orderDeskReadModel, type OrderDeskEntry } from '@labshop/contracts/orders/desk-queries';

export interface InvoiceQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** Where a staff download of an erased customer's document is recorded. */
  eventStore: EventStore;
  now: () => Date;
  /** Where the workers store issued invoices (`<DATA_DIR>/invoices`). */
  invoiceDir: string;
}

const SHREDDED = 'was shredded at the end of its retention period';

const withoutPdf = (value: string) => value.replace(/\.pdf$/, '');

interface IssuedDocument {
  number: string;
  sha256: string | null;
}

const isErased = (entry: OrderDeskEntry | null | undefined) => entry?.customerEmail === ERASED_CUSTOMER.email;

/** The documents an order issues, each downloadable by its customer and by staff under `/<path>/:<param>` (with or without `.pdf`). */
const DOCUMENT_KINDS = [
  {
    path: 'invoices',
    param: 'invoiceNumber',
    name: 'invoice',
    format: { pattern: /^INV-[A-Za-z0-9-]{1,40}(\.pdf)?$/, message: 'Invoice number looks like INV-LUM2311202600001' },
    notFound: 'Invoice not found',
    documentsOf: (entry: OrderDeskEntry): IssuedDocument[] =>
      entry.order.invoices.map(({ invoiceNumber, sha256 }) => ({ number: invoiceNumber, sha256 })),
  },
  {
    path: 'credit-notes',
    param: 'creditNoteNumber',
    name: 'credit note',
    format: {
      pattern: /^CN-[A-Za-z0-9]{1,40}-\d{1,6}(\.pdf)?$/,
      message: 'Credit note number looks like CN-LUM2311202600001-1',
    },
    notFound: 'Credit note not found',
    // A credit note staff asked for has no file until the workers issue it (sha256 null): not found until then.
    documentsOf: (entry: OrderDeskEntry): IssuedDocument[] =>
      entry.order.creditNotes.map(({ creditNoteNumber, sha256 }) => ({ number: creditNoteNumber, sha256 })),
  },
  {
    path: 'receipts',
    param: 'receiptNumber',
    name: 'payment receipt',
    format: { pattern: /^RCT-[A-Za-z0-9-]{1,40}(\.pdf)?$/, message: 'Receipt number looks like RCT-LUM2311202600001' },
    notFound: 'Receipt not found',
    documentsOf: (entry: OrderDeskEntry): IssuedDocument[] =>
      entry.order.receipts.map(({ receiptNumber, sha256 }) => ({ number: receiptNumber, sha256 })),
  },
] as const;

/**
 * Invoice, credit note and payment receipt downloads: the PDF exactly as issued. The customer gets their own order's only
 * (another's answers 404, like a missing one); staff get any. The stored bytes are checked against the
 * hash the InvoiceIssued (or CreditNoteIssued) event recorded before a byte is sent.
 * An erased customer's documents are legal records kept for the retention period: staff only, and each
 * download is recorded (RetainedDocumentDownloaded, the admin its actor: the audit log) before a byte is
 * sent; once shredded they answer 404 saying so.
 */
export const invoiceQueries: FastifyPluginAsyncZod<InvoiceQueryDeps> = async (
  app,
  { readModels, tokens, invoiceDir, eventStore, now },
) => {
  const store = createInvoiceStore(invoiceDir);

  async function sendDocument(
    reply: FastifyReply,
    documents: IssuedDocument[],
    number: string,
    notFound: string,
    beforeSending?: () => Promise<void>,
  ) {
    const document = documents.find((candidate) => candidate.number === number);
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

  const entryOf = async (orderId: string) => (await readModels.collection(orderDeskReadModel))?.get(orderId);
  // Someone else's order is answered as missing: its existence is nobody else's business. So is an erased
  // customer's (their sessions ended with the erasure; this holds whatever a token says).
  const ownEntry = async (request: FastifyRequest, orderId: string) => {
    const entry = await entryOf(orderId);
    return entry?.customerId === actorOf(request).id && !isErased(entry) ? entry : null;
  };

  /** Staff's download of an erased customer's document: recorded before it is sent (nothing is sent unrecorded). */
  const recordedIfRetained =
    (request: FastifyRequest, entry: OrderDeskEntry | null | undefined, documentNumber: string) => async () => {
      if (!entry || !isErased(entry)) return;
      const at = now();
      const command = { type: 'RecordRetainedDownload', orderId: entry.id, documentNumber, at } as const;
      await handleCommand(
        eventStore,
        orderStream(entry.id),
        retainedDocumentsDecider,
        command,
        commandMetadata(request, actorOf(request), at),
      );
    };

  for (const kind of DOCUMENT_KINDS) {
    const params = orderIdParams.extend({
      [kind.param]: z.string().regex(kind.format.pattern, kind.format.message).transform(withoutPdf),
    });
    const numberOf = (request: FastifyRequest) => (request.params as Record<string, string>)[kind.param]!;

    app.get(
      `/api/account/orders/:orderId/${kind.path}/:${kind.param}`,
      {
        config: { readModels: [orderDeskReadModel] },
        onRequest: requireRole(tokens, 'customer'),
        schema: {
          tags: ['customer orders'],
          security: [{ bearer: [] }],
          summary: `One of the customer's ${kind.name}s as issued (application/pdf); another customer's answers 404`,
          params,
          response: errors(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const entry = await ownEntry(request, (request.params as { orderId: string }).orderId);
        return sendDocument(reply, entry ? kind.documentsOf(entry) : [], numberOf(request), kind.notFound);
      },
    );

    app.get(
      `/api/admin/orders/:orderId/${kind.path}/:${kind.param}`,
      {
        config: { readModels: [orderDeskReadModel] },
        onRequest: requireRole(tokens, 'admin'),
        schema: {
          tags: ['order desk'],
          security: [{ bearer: [] }],
          summary: `Any order's ${kind.name} as issued (application/pdf); an erased customer's is a retained record: each download is recorded in the audit log`,
          params,
          response: errors(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const entry = await entryOf((request.params as { orderId: string }).orderId);
        return sendDocument(
          reply,
          entry ? kind.documentsOf(entry) : [],
          numberOf(request),
          kind.notFound,
          recordedIfRetained(request, entry, numberOf(request)),
        );
      },
    );
  }
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import {
  documentKinds,
  documentNumberFormats,
  issuedDocuments,
  type DocumentKind,
} from '@labshop/contracts/orders/document-numbers';
import { RETAINED_DOCUMENT_DOWNLOAD, retainedDocumentDownloadPath } from '@labshop/contracts/orders/retained-documents';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { createInvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { sendIssuedDocument } from '@labshop/platform/invoices/send-document';
import type { ReadModels } from '../read-models.ts';
import { orderDeskReadModel, type OrderDeskEntry } from '@labshop/contracts/orders/desk-queries';

export interface InvoiceQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** Where the workers store issued invoices (`<DATA_DIR>/invoices`). */
  invoiceDir: string;
}

const withoutPdf = (value: string) => value.replace(/\.pdf$/, '');

const isErased = (entry: OrderDeskEntry | null | undefined) => entry?.customerEmail === ERASED_CUSTOMER.email;

/** How each kind of document is named in its route, its messages and its OpenAPI summaries. */
const DOCUMENT_ROUTES: Record<DocumentKind, { param: string; name: string; label: string; notFound: string }> = {
  invoices: { param: 'invoiceNumber', name: 'invoice', label: 'Invoice number', notFound: 'Invoice not found' },
  'credit-notes': {
    param: 'creditNoteNumber',
    name: 'credit note',
    label: 'Credit note number',
    notFound: 'Credit note not found',
  },
  receipts: { param: 'receiptNumber', name: 'payment receipt', label: 'Receipt number', notFound: 'Receipt not found' },
};

/**
 * Invoice, credit note and payment receipt downloads: the PDF exactly as issued. The customer gets their own order's only
 * (another's answers 404, like a missing one); staff get any. The stored bytes are checked against the
 * hash the InvoiceIssued (or CreditNoteIssued) event recorded before a byte is sent.
 * An erased customer's documents are legal records kept for the retention period: staff only, and each
 * download is recorded, so they are downloaded through the command API (retained-documents route), which records
 * it before a byte is sent; here they answer 409 saying so. This API reads only: it appends nothing.
 */
export const invoiceQueries: FastifyPluginAsyncZod<InvoiceQueryDeps> = async (
  app,
  { readModels, tokens, invoiceDir },
) => {
  const store = createInvoiceStore(invoiceDir);
  const documentOf = (entry: OrderDeskEntry | null | undefined, number: string) =>
    entry ? issuedDocuments(entry.order).find((document) => document.number === number) : undefined;

  const entryOf = async (orderId: string) => (await readModels.collection(orderDeskReadModel))?.get(orderId);
  // Someone else's order is answered as missing: its existence is nobody else's business. So is an erased
  // customer's (their sessions ended with the erasure; this holds whatever a token says).
  const ownEntry = async (request: FastifyRequest, orderId: string) => {
    const entry = await entryOf(orderId);
    return entry?.customerId === actorOf(request).id && !isErased(entry) ? entry : null;
  };

  for (const kind of documentKinds) {
    const { param, name, label, notFound } = DOCUMENT_ROUTES[kind];
    const { pattern, example } = documentNumberFormats[kind];
    const params = orderIdParams.extend({
      [param]: z
        .string()
        .transform(withoutPdf)
        .pipe(z.string().regex(pattern, `${label} looks like ${example}`)),
    });
    const numberOf = (request: FastifyRequest) => (request.params as Record<string, string>)[param]!;
    const orderIdOf = (request: FastifyRequest) => (request.params as { orderId: string }).orderId;

    app.get(
      `/api/account/orders/:orderId/${kind}/:${param}`,
      {
        config: { readModels: [orderDeskReadModel] },
        onRequest: requireRole(tokens, 'customer'),
        schema: {
          tags: ['customer orders'],
          security: [{ bearer: [] }],
          summary: `One of the customer's ${name}s as issued (application/pdf); another customer's answers 404`,
          params,
          response: errors(400, 401, 403, 404),
        },
      },
      async (request, reply) =>
        sendIssuedDocument(
          reply,
          store,
          documentOf(await ownEntry(request, orderIdOf(request)), numberOf(request)),
          notFound,
        ),
    );

    app.get(
      `/api/admin/orders/:orderId/${kind}/:${param}`,
      {
        config: { readModels: [orderDeskReadModel] },
        onRequest: requireRole(tokens, 'admin'),
        schema: {
          tags: ['order desk'],
          security: [{ bearer: [] }],
          summary: `Any order's ${name} as issued (application/pdf); an erased customer's is a retained record, downloaded through the command API's recorded download (409 here)`,
          params,
          response: errors(400, 401, 403, 404, 409),
        },
      },
      async (request, reply) => {
        const entry = await entryOf(orderIdOf(request));
        const document = documentOf(entry, numberOf(request));
        if (document && isErased(entry))
          throw new ApiError(
            'Conflict',
            `${RETAINED_DOCUMENT_DOWNLOAD}: POST ${retainedDocumentDownloadPath(orderIdOf(request), document.number)}`,
          );
        return sendIssuedDocument(reply, store, document, notFound);
      },
    );
  }
};

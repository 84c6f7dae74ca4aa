import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderHistory, type OrderHistoryEntry } from '@labshop/projectors';
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

/** `INV-<order number>`, with or without `.pdf` (links name the file, so browsers save it as such). */
const invoiceParams = orderIdParams.extend({
  invoiceNumber: z
    .string()
    .regex(/^INV-[A-Za-z0-9-]{1,40}(\.pdf)?$/, 'Invoice number looks like INV-LUM2311202600001')
    .transform((value) => value.replace(/\.pdf$/, '')),
});

/**
 * Invoice downloads: the PDF exactly as issued. The customer gets their own order's only (another's
 * answers 404, like a missing one); staff get any. The stored bytes are checked against the hash the
 * InvoiceIssued event recorded before a byte is sent.
 */
export const invoiceQueries: FastifyPluginAsyncZod<InvoiceQueryDeps> = async (app, { readModels, tokens, invoiceDir }) => {
  const store = createInvoiceStore(invoiceDir);

  async function sendInvoice(reply: FastifyReply, entry: OrderHistoryEntry | null | undefined, invoiceNumber: string) {
    const invoice = entry?.order.invoices.find((candidate) => candidate.invoiceNumber === invoiceNumber);
    if (!invoice) throw new ApiError('NotFound', INVOICE_NOT_FOUND);
    const bytes = await store.read({ fileName: invoiceFileName(invoice.sha256), sha256: invoice.sha256 });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoice.invoiceNumber}.pdf"`)
      // An issued invoice never changes, but it is personal: browsers may keep it, shared caches not.
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('etag', `"${invoice.sha256}"`)
      .send(bytes);
  }

  app.get(
    '/api/account/orders/:orderId/invoices/:invoiceNumber',
    {
      config: { readModels: [orderHistory] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer orders'],
        security: [{ bearer: [] }],
        summary: "One of the customer's invoices as issued (application/pdf); another customer's answers 404",
        params: invoiceParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const entry = await (await readModels.collection(orderHistory))?.get(request.params.orderId);
      // Someone else's order is answered as missing: its existence is nobody else's business.
      return sendInvoice(reply, entry?.customerId === actorOf(request).id ? entry : null, request.params.invoiceNumber);
    },
  );

  app.get(
    '/api/admin/orders/:orderId/invoices/:invoiceNumber',
    {
      config: { readModels: [orderHistory] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary: "Any order's invoice as issued (application/pdf)",
        params: invoiceParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => sendInvoice(reply, await (await readModels.collection(orderHistory))?.get(request.params.orderId), request.params.invoiceNumber),
  );
};

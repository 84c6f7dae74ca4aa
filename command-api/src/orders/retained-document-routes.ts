import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { orderStream } from '@labshop/contracts/orders/events';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import { documentKindOf, issuedDocuments } from '@labshop/contracts/orders/document-numbers';
import { retainedDocumentsDecider } from '@labshop/contracts/orders/retained-documents';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { createInvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { sendIssuedDocument } from '@labshop/platform/invoices/send-document';
import { commandMetadata } from '../request-metadata.ts';
import { loadCustomer } from '../customers/customer-accounts.ts';
import { readOrder } from './order-commands.ts';

export interface RetainedDocumentRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** Where the workers store issued documents (`<DATA_DIR>/invoices`). */
  invoiceDir: string;
  now: () => Date;
}

export const NOT_RETAINED =
  "Only an erased customer's documents are retained records: download this one from the order desk as usual";
const DOCUMENT_NOT_FOUND = 'Document not found';

const retainedDocumentParams = orderIdParams.extend({
  documentNumber: z
    .string()
    .refine((number) => documentKindOf(number) !== null, 'Document number looks like INV-LUM2311202600001'),
});

/**
 * Staff's download of an erased customer's invoice, credit note or payment receipt: legal records kept for the
 * retention period. Each download is recorded (RetainedDocumentDownloaded on the order's stream, the admin its
 * actor: the audit log shows it) before a byte is sent, and nothing is sent unrecorded; that write is why the
 * download is a command here and not a read of the query API, which never writes. A shredded document answers
 * 404 saying so and records nothing.
 */
export const retainedDocumentRoutes: FastifyPluginAsyncZod<RetainedDocumentRoutesDeps> = async (
  app,
  { eventStore, tokens, invoiceDir, now },
) => {
  const store = createInvoiceStore(invoiceDir);

  app.post(
    '/api/admin/orders/:orderId/retained-documents/:documentNumber/download',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['order desk'],
        security: [{ bearer: [] }],
        summary: "An erased customer's document as issued (application/pdf), the download recorded in the audit log",
        description:
          'Answers 404 for an unknown order or document (and one shredded at the end of its retention period), 409 for a customer who was not erased (their documents are downloaded from the query API).',
        params: retainedDocumentParams,
        response: errors(400, 401, 403, 404, 409),
      },
    },
    async (request, reply) => {
      const { orderId, documentNumber } = request.params;
      const { state: order } = await readOrder(eventStore, orderId);
      if (!order) throw new ApiError('NotFound', 'Order not found');
      if ((await loadCustomer(eventStore, order.customerId)).status !== 'erased')
        throw new ApiError('Conflict', NOT_RETAINED);
      const document = issuedDocuments(order.view).find((issued) => issued.number === documentNumber);
      return sendIssuedDocument(reply, store, document, DOCUMENT_NOT_FOUND, async () => {
        const at = now();
        const command = { type: 'RecordRetainedDownload', orderId, documentNumber, at } as const;
        await handleCommand(
          eventStore,
          orderStream(orderId),
          retainedDocumentsDecider,
          command,
          commandMetadata(request, actorOf(request), at),
        );
      });
    },
  );
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { taxExemptionCustomerParams } from '@labshop/contracts/tax/exemptions-commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { createInvoiceStore, invoiceFileName } from '@labshop/platform/invoices/invoice-store';
import {
  accountTaxExemptionResponse,
  adminTaxExemptionsQuery,
  type AdminTaxExemptionsQuery,
  adminTaxExemptionsResponse,
  type AdminTaxExemptionView,
  type TaxExemptionView,
  taxExemptionsReadModel,
  type TaxExemptionDocument,
} from '@labshop/contracts/tax/exemptions-queries';
import type { Query } from '@labshop/platform/read-store/port';
import type { ReadModels } from '../read-models.ts';

export interface TaxExemptionQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** Where certificate PDFs are stored (`<DATA_DIR>/tax-certificates`). */
  certificateDir: string;
}

const viewOf = ({
  certificateId,
  state,
  number,
  document,
  status,
  filedAt,
  decidedAt,
  reason,
}: TaxExemptionDocument): TaxExemptionView => ({
  certificateId,
  state,
  number,
  hasDocument: document !== null,
  status,
  filedAt,
  decidedAt,
  reason,
});

const adminViewOf = (document: TaxExemptionDocument): AdminTaxExemptionView => ({
  ...viewOf(document),
  customerId: document.customerId,
  customerEmail: document.customerEmail,
  decidedBy: document.decidedBy,
});

/** The back office list's filter as a read-store query (the dashboard counts with it too). */
export const taxExemptionFilterOf = ({ status }: AdminTaxExemptionsQuery): Pick<Query, 'where'> =>
  status ? { where: { status } } : {};

/** Tax exemption certificates from their read model: the customer's own, and the back office's list and PDFs. */
export const taxExemptionQueries: FastifyPluginAsyncZod<TaxExemptionQueryDeps> = async (
  app,
  { readModels, tokens, certificateDir },
) => {
  const certificates = createInvoiceStore(certificateDir);
  const collection = () => readModels.collection(taxExemptionsReadModel);
  /** The back office's routes: staff only, over the exemptions (a reader's own write waited for), documented together. */
  const adminRoute = { config: { readModels: [taxExemptionsReadModel] }, onRequest: requireRole(tokens, 'admin') };
  const adminDocs = { tags: ['tax exemptions', 'admin'], security: [{ bearer: [] }] };

  app.get(
    '/api/account/tax-exemption',
    {
      config: { readModels: [taxExemptionsReadModel] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary: "The signed-in customer's tax exemption certificate and its review (null when none is filed)",
        response: { 200: accountTaxExemptionResponse, ...errors(401, 403) },
      },
    },
    async (request) => {
      const document = await (await collection())?.get(actorOf(request).id);
      return { exemption: document ? viewOf(document) : null };
    },
  );

  app.get(
    '/api/admin/tax-exemptions',
    {
      ...adminRoute,
      schema: {
        ...adminDocs,
        summary:
          'Tax exemption certificates, optionally of one status (under-review: those waiting for staff), oldest filing first',
        querystring: adminTaxExemptionsQuery,
        response: { 200: adminTaxExemptionsResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { status } = request.query;
      const documents =
        (await (
          await collection()
        )?.find({ ...taxExemptionFilterOf({ status }), sort: [{ field: 'filedAt', direction: 'asc' }] })) ?? [];
      return { exemptions: documents.map(adminViewOf) };
    },
  );

  app.get(
    '/api/admin/tax-exemptions/:customerId/certificate.pdf',
    {
      ...adminRoute,
      schema: {
        ...adminDocs,
        summary:
          'The PDF the customer uploaded with their current certificate (application/pdf); 404 when they uploaded none',
        params: taxExemptionCustomerParams,
        response: errors(400, 401, 403, 404),
      },
    },
    async (request, reply) => {
      const document = (await (await collection())?.get(request.params.customerId))?.document;
      if (!document) throw new ApiError('NotFound', 'No certificate PDF was uploaded');
      const bytes = await certificates.read({ fileName: invoiceFileName(document.sha256), sha256: document.sha256 });
      return (reply as FastifyReply)
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="tax-exemption-certificate.pdf"')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};

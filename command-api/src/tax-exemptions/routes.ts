import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { EventStore } from '@labshop/platform/event-store/port';
import { taxExemptionStream } from '@labshop/contracts/tax/exemptions-events';
import {
  CERTIFICATE_MAX_BYTES,
  fileTaxExemptionInput,
  rejectTaxExemptionInput,
  taxExemptionCustomerParams,
  taxExemptionDecidedResponse,
  verifyTaxExemptionInput,
} from '@labshop/contracts/tax/exemptions-commands';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { createInvoiceStore } from '@labshop/platform/invoices/invoice-store';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { checkedCertificatePdf } from './certificate-pdf.ts';
import { taxExemptionDecider, type TaxExemptionCommand } from './decider.ts';

export interface TaxExemptionRouteDeps {
  eventStore: EventStore;
  tokens: TokenService;
  /** Where certificate PDFs are stored (`<DATA_DIR>/tax-certificates`); the query API serves them to staff. */
  certificateDir: string;
  now: () => Date;
}

/**
 * Tax exemption as a record: the customer files a certificate on their account (state, number, optional
 * PDF checked by its bytes); staff verify or reject it in the back office, the admin the event's actor.
 * Checkout charges tax until it is verified (orders/routes.ts, from the fold in live-exemptions.ts).
 */
export const taxExemptionRoutes: FastifyPluginAsyncZod<TaxExemptionRouteDeps> = async (
  app,
  { eventStore, tokens, certificateDir, now },
) => {
  const certificates = createInvoiceStore(certificateDir);

  const decide = async (request: Parameters<typeof actorOf>[0], command: TaxExemptionCommand) => {
    const result = await handleCommand(
      eventStore,
      taxExemptionStream(command.customerId),
      taxExemptionDecider,
      command,
      commandMetadata(request, actorOf(request), command.at),
    );
    return { certificateId: result.state!.certificateId, status: result.state!.status, position: result.position };
  };

  app.put(
    '/api/account/tax-exemption',
    {
      onRequest: requireRole(tokens, 'customer'),
      // The PDF travels as base64 inside the JSON: 5 MB of file is about 6.7 MB of body.
      bodyLimit: Math.ceil((CERTIFICATE_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary:
          'File a tax exemption certificate (state, number, optional PDF as base64); it replaces any earlier one and waits for staff to verify it',
        description:
          'Orders are charged sales tax until staff verify the certificate; then orders shipped to its state are tax free. The PDF is checked by its bytes (a PDF, at most 5 MB, no JavaScript).',
        body: fileTaxExemptionInput,
        response: { 200: taxExemptionDecidedResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const at = now();
      const { state, number, pdfBase64 } = request.body;
      const stored = pdfBase64 ? await certificates.put(checkedCertificatePdf(pdfBase64)) : null;
      const document = stored && { sha256: stored.sha256, size: stored.size };
      return decide(request, {
        type: 'FileTaxExemption',
        customerId: actorOf(request).id,
        certificateId: crypto.randomUUID(),
        state,
        number,
        document,
        at,
      });
    },
  );

  const staff = {
    onRequest: requireRole(tokens, 'admin'),
    tags: ['tax exemptions', 'admin'],
    security: [{ bearer: [] }],
  };

  app.post(
    '/api/admin/tax-exemptions/:customerId/verify',
    {
      onRequest: staff.onRequest,
      schema: {
        tags: staff.tags,
        security: staff.security,
        summary:
          "Verify the customer's certificate under review (named by certificateId): their orders to its state are tax free from now on",
        params: taxExemptionCustomerParams,
        body: verifyTaxExemptionInput,
        response: { 200: taxExemptionDecidedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decide(request, {
        type: 'VerifyTaxExemption',
        customerId: request.params.customerId,
        certificateId: request.body.certificateId,
        at: now(),
      }),
  );

  app.post(
    '/api/admin/tax-exemptions/:customerId/reject',
    {
      onRequest: staff.onRequest,
      schema: {
        tags: staff.tags,
        security: staff.security,
        summary:
          "Reject the customer's certificate under review, with a reason they are shown: their orders stay taxed",
        params: taxExemptionCustomerParams,
        body: rejectTaxExemptionInput,
        response: { 200: taxExemptionDecidedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decide(request, {
        type: 'RejectTaxExemption',
        customerId: request.params.customerId,
        certificateId: request.body.certificateId,
        reason: request.body.reason,
        at: now(),
      }),
  );
};

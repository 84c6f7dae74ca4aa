import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { customerIdParams } from '@labshop/contracts/customers/commands';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { commandMetadata } from '../request-metadata.ts';
import { eraseCustomer, type ErasureDeps } from './erasure.ts';

/** Erasing a customer (CCPA/GDPR): admins only; the admin is the actor of the CustomerErased event (the audit entry). */
export const customerErasureRoutes: FastifyPluginAsyncZod<
  ErasureDeps & { tokens: TokenService; now: () => Date }
> = async (app, { tokens, now, ...deps }) => {
  app.post(
    '/api/admin/customers/:customerId/erase',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary:
          "Erase a customer: their personal data in every event becomes unreadable, read models show 'Erased customer', orders and amounts stay",
        description:
          'Answers 404 for an unknown customer and 409 when they were erased already. Their sessions end and their email may register again.',
        params: customerIdParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const at = now();
      return eraseCustomer(deps, request.params.customerId, commandMetadata(request, actorOf(request), at), at);
    },
  );
};

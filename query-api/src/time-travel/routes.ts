import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditLogReadModel } from '@labshop/contracts/admins/audit-log-queries';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { Projection } from '@labshop/platform/read-store/projection';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { asOfParams, asOfQuery, asOfResponse } from '@labshop/contracts/as-of';
import type { ReadModels } from '../read-models.ts';
import { foldAsOf } from './fold-as-of.ts';

export interface TimeTravelQueryDeps {
  readModels: ReadModels;
  eventStore: EventStore;
  tokens: TokenService;
  /** The projectors' projections: a product, subproduct, detail or service is folded through its read model's own fold. */
  projections: readonly Projection[];
}

/** Time travel: an order, product, subproduct, detail or service as it stood at a moment, folded from its streams. Admins only. */
export const timeTravelQueries: FastifyPluginAsyncZod<TimeTravelQueryDeps> = async (
  app,
  { readModels, eventStore, tokens, projections },
) => {
  app.get(
    '/api/admin/as-of/:entityType/:entityId',
    {
      // The audit log tells where a subproduct or detail lives; a reader's own write is waited for there.
      config: { readModels: [auditLogReadModel] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['audit', 'admin'],
        security: [{ bearer: [] }],
        summary:
          'An order, product, subproduct, detail or service as it stood at `at`: its streams folded up to then with the fold its decider or read model uses',
        params: asOfParams,
        querystring: asOfQuery,
        response: { 200: asOfResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entityType, entityId } = request.params;
      const at = new Date(request.query.at);
      const asOf = await foldAsOf(
        { eventStore, projections, auditLog: await readModels.collection(auditLogReadModel) },
        entityType,
        entityId,
        at,
      );
      if (!asOf) throw new ApiError('NotFound', 'No history for this item');
      return { entityType, entityId, at: at.toISOString(), ...asOf };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditDocumentId, catalogueAudit } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { entityId } from '@labshop/shared/commands/fields';
import { ApiError } from '@labshop/shared/http/api-error';
import { requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { auditedEntityType, catalogueAuditResponse } from '@labshop/shared/queries/catalogue-audit';
import type { ReadModels } from '../read-models.ts';

export interface CatalogueAuditQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const auditParams = z.strictObject({
  entityType: z.enum(auditedEntityType.options, { error: 'Choose product, subproduct or detail' }),
  entityId: entityId('Item'),
});

/** The back office's history panel: who changed what on a product, subproduct or detail, and when. */
export const catalogueAuditQueries: FastifyPluginAsyncZod<CatalogueAuditQueryDeps> = async (app, { readModels, tokens }) => {
  app.get(
    '/api/admin/catalogue/audit/:entityType/:entityId',
    {
      config: { readModels: [catalogueAudit] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['catalogue', 'admin'],
        security: [{ bearer: [] }],
        summary: 'The history of a product, subproduct or detail, newest first: each change with its admin, time and before → after values',
        params: auditParams,
        response: { 200: catalogueAuditResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { entityType, entityId: id } = request.params;
      const audit = await (await readModels.collection(catalogueAudit))?.get(auditDocumentId(entityType, id));
      if (!audit) throw new ApiError('NotFound', 'No history for this item');
      return { entityType, entityId: id, deleted: audit.deleted, entries: [...audit.entries].reverse() };
    },
  );
};

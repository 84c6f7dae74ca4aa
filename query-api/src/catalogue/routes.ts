import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueTreeReadModel } from '@labshop/contracts/catalogue/read-models';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { requireRole } from '@labshop/platform/http/auth-guard';
import type { ReadModels } from '../read-models.ts';
import { errors } from '@labshop/platform/http/schemas';
import { adminProductsResponse } from '@labshop/contracts/catalogue/queries';

export interface CatalogueQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const byDisplayOrder = [{ field: 'displayOrder', direction: 'asc' }] as const;

export const catalogueQueries: FastifyPluginAsyncZod<CatalogueQueryDeps> = async (app, { readModels, tokens }) => {
  const config = { readModels: [catalogueTreeReadModel] };

  app.get(
    '/api/admin/catalogue/products',
    {
      config,
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['catalogue', 'admin'],
        security: [{ bearer: [] }],
        summary: 'All products, hidden ones included, in display order',
        response: {
          200: adminProductsResponse,
          ...errors(401, 403),
        },
      },
    },
    async () => {
      const products = await readModels.collection(catalogueTreeReadModel);
      const all = (await products?.find({ sort: byDisplayOrder })) ?? [];
      return {
        products: all.map(({ productId, name, visible, displayOrder, createdAt, updatedAt, version }) => ({
          productId,
          name,
          visible,
          displayOrder,
          createdAt,
          updatedAt,
          version,
        })),
      };
    },
  );
};

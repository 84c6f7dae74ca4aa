import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import { CATALOGUE_STREAM, productStream } from '@labshop/contracts/catalogue/events';
import {
  changeProductContentInput,
  createProductInput,
  editProductInput,
  productCreatedResponse,
  productIdParams,
  reorderProductsInput,
} from '@labshop/contracts/catalogue/commands';
import { sanitizeRichText } from '@labshop/platform/rich-text';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { commandMetadata } from '../request-metadata.ts';
import { catalogueDecider, type CatalogueCommand } from './decider.ts';
import { isStaleEdit, namingTheNewerChange, versionOfIfMatch } from './stale-edit.ts';
import { requireProduct } from './parents.ts';
import { productStreamDecider } from './subproducts/decider.ts';

export interface CatalogueRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const run = (request: Parameters<typeof actorOf>[0], command: CatalogueCommand) =>
    handleCommand(
      eventStore,
      CATALOGUE_STREAM,
      catalogueDecider,
      command,
      commandMetadata(request, actorOf(request), new Date()),
    );

  const tags = ['catalogue'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/admin/catalogue/products',
    {
      schema: {
        tags,
        security,
        summary: 'Add a product at the end of the display order',
        body: createProductInput,
        response: { 201: productCreatedResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const productId = randomUUID();
      const { position } = await run(request, { type: 'CreateProduct', productId, name: request.body.name });
      return reply.code(201).send({ productId, position });
    },
  );

  app.patch(
    '/api/admin/catalogue/products/:productId',
    {
      schema: {
        tags,
        security,
        summary:
          'Rename a product and/or show or hide it; with expectedVersion (or If-Match: the version) a stale edit answers 409 naming who changed it and when',
        params: productIdParams,
        body: editProductInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { productId } = request.params;
      const expectedVersion = request.body.expectedVersion ?? versionOfIfMatch(request.headers['if-match']);
      try {
        const { position } = await run(request, { type: 'EditProduct', ...request.body, productId, expectedVersion });
        return { position };
      } catch (error) {
        if (isStaleEdit(error))
          throw await namingTheNewerChange(eventStore, CATALOGUE_STREAM, 'productId', productId, 'product', error);
        throw error;
      }
    },
  );

  app.put(
    '/api/admin/catalogue/products/order',
    {
      schema: {
        tags,
        security,
        summary: 'Set the display order of all products',
        body: reorderProductsInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'ReorderProducts', productIds: request.body.productIds });
      return { position };
    },
  );

  app.patch(
    '/api/admin/catalogue/products/:productId/content',
    {
      schema: {
        tags,
        security,
        summary: "Replace a product's rich-text content (sanitised before it is stored)",
        params: productIdParams,
        body: changeProductContentInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { productId } = request.params;
      await requireProduct(eventStore, productId);
      const { position } = await handleCommand(
        eventStore,
        productStream(productId),
        productStreamDecider,
        { type: 'ChangeProductContent', productId, content: sanitizeRichText(request.body.content) },
        commandMetadata(request, actorOf(request), new Date()),
      );
      return { position };
    },
  );

  app.delete(
    '/api/admin/catalogue/products/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product (its subproducts and details go with it)',
        params: productIdParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'DeleteProduct', productId: request.params.productId });
      return { position };
    },
  );
};

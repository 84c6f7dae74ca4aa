import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/shared/event-store/port';
import { CATALOGUE_STREAM } from '@labshop/shared/events/catalogue';
import { createProductInput, editProductInput, productIdParams, reorderProductsInput } from '@labshop/shared/commands/catalogue';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { handleCommand } from '../command-handler.ts';
import { errors, positionResponse } from '@labshop/shared/http/schemas';
import { commandMetadata } from '../request-metadata.ts';
import { catalogueDecider, type CatalogueCommand } from './decider.ts';

export interface CatalogueRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

export const catalogueRoutes: FastifyPluginAsyncZod<CatalogueRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const run = (request: Parameters<typeof actorOf>[0], command: CatalogueCommand) =>
    handleCommand(eventStore, CATALOGUE_STREAM, catalogueDecider, command, commandMetadata(request, actorOf(request), new Date()));

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
        response: { 201: positionResponse.extend({ productId: z.string() }), ...errors(400, 401, 403, 409) },
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
        summary: 'Rename a product and/or show or hide it',
        params: productIdParams,
        body: editProductInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'EditProduct', productId: request.params.productId, ...request.body });
      return { position };
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

  app.delete(
    '/api/admin/catalogue/products/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a product',
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

import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { productStream } from '@labshop/contracts/catalogue/events';
import { productIdParams } from '@labshop/contracts/catalogue/commands';
import {
  createSubproductInput,
  editSubproductInput,
  reorderSubproductsInput,
  subproductCreatedResponse,
  subproductParams,
} from '@labshop/contracts/catalogue/subproducts-commands';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../../request-metadata.ts';
import { requireProduct } from '../parents.ts';
import { isStaleEdit, namingTheNewerChange, versionOfIfMatch } from '../stale-edit.ts';
import { productStreamDecider, type ProductStreamCommand } from './decider.ts';

export interface SubproductRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

/** A product's subproducts: kept in the product's stream, refused once the product is gone. */
export const subproductRoutes: FastifyPluginAsyncZod<SubproductRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const run = async (request: FastifyRequest, command: ProductStreamCommand) => {
    await requireProduct(eventStore, command.productId);
    return handleCommand(
      eventStore,
      productStream(command.productId),
      productStreamDecider,
      command,
      commandMetadata(request, actorOf(request), new Date()),
    );
  };

  const tags = ['catalogue'];
  const security = [{ bearer: [] }];
  const base = '/api/admin/catalogue/products/:productId/subproducts';

  app.post(
    base,
    {
      schema: {
        tags,
        security,
        summary: "Add a subproduct below the product's others",
        params: productIdParams,
        body: createSubproductInput,
        response: { 201: subproductCreatedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const subproductId = randomUUID();
      const { position } = await run(request, {
        type: 'CreateSubproduct',
        productId: request.params.productId,
        subproductId,
        name: request.body.name,
      });
      return reply.code(201).send({ subproductId, position });
    },
  );

  app.patch(
    `${base}/:subproductId`,
    {
      schema: {
        tags,
        security,
        summary:
          'Rename a subproduct and/or show or hide it; with expectedVersion (or If-Match: the version) a stale edit answers 409 naming who changed it and when',
        params: subproductParams,
        body: editSubproductInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { productId, subproductId } = request.params;
      const expectedVersion = request.body.expectedVersion ?? versionOfIfMatch(request.headers['if-match']);
      try {
        const { position } = await run(request, {
          type: 'EditSubproduct',
          ...request.params,
          ...request.body,
          expectedVersion,
        });
        return { position };
      } catch (error) {
        if (isStaleEdit(error))
          throw await namingTheNewerChange(
            eventStore,
            productStream(productId),
            'subproductId',
            subproductId,
            'subproduct',
            error,
          );
        throw error;
      }
    },
  );

  app.put(
    `${base}/order`,
    {
      schema: {
        tags,
        security,
        summary: "Set the display order of all the product's subproducts",
        params: productIdParams,
        body: reorderSubproductsInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, {
        type: 'ReorderSubproducts',
        productId: request.params.productId,
        subproductIds: request.body.subproductIds,
      });
      return { position };
    },
  );

  app.delete(
    `${base}/:subproductId`,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a subproduct (its details go with it)',
        params: subproductParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'DeleteSubproduct', ...request.params });
      return { position };
    },
  );
};

import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { subproductStream, type DetailFields } from '@labshop/contracts/catalogue/events';
import {
  createDetailInput,
  detailCreatedResponse,
  detailListParams,
  detailParams,
  editDetailInput,
  reorderDetailsInput,
} from '@labshop/contracts/catalogue/details-commands';
import { sanitizeRichText } from '@labshop/platform/rich-text';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { isStaleEdit, namingTheNewerChange, versionOfIfMatch } from '../stale-edit.ts';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../../request-metadata.ts';
import { requireSubproduct } from '../parents.ts';
import { subproductStreamDecider, type SubproductStreamCommand } from './decider.ts';

export interface DetailRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

/** The URL prefix of a subproduct's details; the file routes hang below it too. */
export const DETAILS_BASE = '/api/admin/catalogue/products/:productId/subproducts/:subproductId/details';

/** Runs a command on a subproduct's stream once its product and the subproduct are known to exist. */
export async function runDetailCommand(
  eventStore: EventStore,
  request: FastifyRequest,
  command: SubproductStreamCommand,
) {
  await requireSubproduct(eventStore, command.productId, command.subproductId);
  return handleCommand(
    eventStore,
    subproductStream(command.subproductId),
    subproductStreamDecider,
    command,
    commandMetadata(request, actorOf(request), new Date()),
  );
}

export const withSanitisedContents = <F extends Partial<DetailFields>>(fields: F): F =>
  fields.contents === undefined ? fields : { ...fields, contents: sanitizeRichText(fields.contents) };

/** A subproduct's details (the sellable items) with every field the spec lists. */
export const detailRoutes: FastifyPluginAsyncZod<DetailRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const tags = ['catalogue'];
  const security = [{ bearer: [] }];

  app.post(
    DETAILS_BASE,
    {
      schema: {
        tags,
        security,
        summary:
          "Add a detail below the subproduct's others, without files (the back office adds a detail with its files through .../details/with-files)",
        params: detailListParams,
        body: createDetailInput,
        response: { 201: detailCreatedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const detailId = randomUUID();
      const fields = withSanitisedContents(request.body);
      const { position } = await runDetailCommand(eventStore, request, {
        type: 'CreateDetail',
        ...request.params,
        detailId,
        fields,
      });
      return reply.code(201).send({ detailId, position });
    },
  );

  app.patch(
    `${DETAILS_BASE}/:detailId`,
    {
      schema: {
        tags,
        security,
        summary:
          'Change any fields of a detail and/or show or hide it; only real changes are recorded; with expectedVersion (or If-Match) a stale edit answers 409 naming who changed it and when',
        params: detailParams,
        body: editDetailInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { visible, expectedVersion = versionOfIfMatch(request.headers['if-match']), ...changes } = request.body;
      try {
        const { position } = await runDetailCommand(eventStore, request, {
          type: 'EditDetail',
          ...request.params,
          changes: withSanitisedContents(changes),
          ...(visible !== undefined && { visible }),
          ...(expectedVersion !== undefined && { expectedVersion }),
        });
        return { position };
      } catch (error) {
        if (isStaleEdit(error))
          throw await namingTheNewerChange(
            eventStore,
            subproductStream(request.params.subproductId),
            'detailId',
            request.params.detailId,
            'detail',
            error,
          );
        throw error;
      }
    },
  );

  app.put(
    `${DETAILS_BASE}/order`,
    {
      schema: {
        tags,
        security,
        summary: "Set the display order of all the subproduct's details",
        params: detailListParams,
        body: reorderDetailsInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await runDetailCommand(eventStore, request, {
        type: 'ReorderDetails',
        ...request.params,
        detailIds: request.body.detailIds,
      });
      return { position };
    },
  );

  app.delete(
    `${DETAILS_BASE}/:detailId`,
    {
      schema: {
        tags,
        security,
        summary: 'Delete a detail',
        params: detailParams,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await runDetailCommand(eventStore, request, { type: 'DeleteDetail', ...request.params });
      return { position };
    },
  );
};

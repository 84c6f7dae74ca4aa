import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import { serviceStream } from '@labshop/contracts/content/services-events';
import {
  changeServiceStatusInput,
  createServiceInput,
  deleteServiceQuery,
  editServiceInput,
  serviceCreatedResponse,
  serviceIdParams,
  type ServiceInput,
  serviceVersionResponse,
} from '@labshop/contracts/content/services-commands';
import { sanitizeRichText } from '@labshop/platform/rich-text';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { isStaleEdit, namingTheNewerChange, versionOfIfMatch } from '../catalogue/stale-edit.ts';
import { serviceDecider, type ServiceCommand } from './decider.ts';

export interface ServiceRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

/** A description is at most 100 000 characters; JSON escaping can double that. Larger bodies are refused (413) before they are parsed. */
const SERVICE_BODY_LIMIT = 512 * 1024;

/** The back office's services (Create Service / Manage Services): each service its own stream, the admin the actor of every event. */
export const serviceRoutes: FastifyPluginAsyncZod<ServiceRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  async function run(request: Parameters<typeof actorOf>[0], command: ServiceCommand) {
    const stream = serviceStream(command.serviceId);
    try {
      const { position, state } = await handleCommand(
        eventStore,
        stream,
        serviceDecider,
        command,
        commandMetadata(request, actorOf(request), new Date()),
      );
      return { position, version: state.status === 'absent' ? 0 : state.version };
    } catch (error) {
      if (isStaleEdit(error))
        throw await namingTheNewerChange(eventStore, stream, 'serviceId', command.serviceId, 'service', error);
      throw error;
    }
  }

  const fieldsOf = ({ heading, category, price, order, content }: ServiceInput) => ({
    heading,
    category,
    price,
    order,
    content: sanitizeRichText(content),
  });
  const tags = ['services'];
  const security = [{ bearer: [] }];

  app.post(
    '/api/admin/services',
    {
      bodyLimit: SERVICE_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Create a service (heading, category, price text, list order, rich-text description sanitised before it is stored, active or not); with a serviceId of its own a retry answers 409 instead of creating a second one',
        body: createServiceInput,
        response: { 201: serviceCreatedResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const serviceId = request.body.serviceId ?? randomUUID();
      const result = await run(request, {
        type: 'CreateService',
        serviceId,
        fields: fieldsOf(request.body),
        isActive: request.body.isActive,
      });
      return reply.code(201).send({ serviceId, ...result });
    },
  );

  app.put(
    '/api/admin/services/:serviceId',
    {
      bodyLimit: SERVICE_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Replace a service’s fields and status; with expectedVersion (or If-Match: the version) a stale edit answers 409 naming who changed it and when',
        params: serviceIdParams,
        body: editServiceInput,
        response: { 200: serviceVersionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { serviceId } = request.params;
      const expectedVersion = request.body.expectedVersion ?? versionOfIfMatch(request.headers['if-match']);
      return run(request, {
        type: 'EditService',
        serviceId,
        fields: fieldsOf(request.body),
        isActive: request.body.isActive,
        expectedVersion,
      });
    },
  );

  app.patch(
    '/api/admin/services/:serviceId/status',
    {
      schema: {
        tags,
        security,
        summary: 'Mark a service active or inactive (the list’s toggle); an inactive service leaves the storefront',
        params: serviceIdParams,
        body: changeServiceStatusInput,
        response: { 200: serviceVersionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { serviceId } = request.params;
      const expectedVersion = request.body.expectedVersion ?? versionOfIfMatch(request.headers['if-match']);
      return run(request, { type: 'ChangeServiceStatus', serviceId, isActive: request.body.isActive, expectedVersion });
    },
  );

  app.delete(
    '/api/admin/services/:serviceId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a service; with ?expectedVersion (or If-Match) a stale delete answers 409',
        params: serviceIdParams,
        querystring: deleteServiceQuery,
        response: { 200: serviceVersionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { serviceId } = request.params;
      const expectedVersion = request.query.expectedVersion ?? versionOfIfMatch(request.headers['if-match']);
      return run(request, { type: 'DeleteService', serviceId, expectedVersion });
    },
  );
};

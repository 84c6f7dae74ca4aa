import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import {
  addBlogItemInput,
  blogItemAddedResponse,
  blogSectionParams,
  deleteBlogItemsInput,
  innerBlogItemAddedResponse,
  updateBlogItemsInput,
} from '@labshop/contracts/content/blog-commands';
import { BLOG_STREAM } from '@labshop/contracts/content/blog-events';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { blogDecider, type BlogCommand } from './decider.ts';

export interface BlogRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
}

export const BLOG_BASE = '/api/admin/blog';

/** `PKG-` and ten hex digits: short enough to read out, and a clash is refused by the decider. */
export const newPackageId = () => `PKG-${randomBytes(5).toString('hex').toUpperCase()}`;
/** An inner item's package id is its section's and this suffix. */
const newSuffix = () => randomBytes(3).toString('hex').toUpperCase();

/** The blog section panel: sections (outer items) and their inner items, all in the `blog` stream. */
export const blogRoutes: FastifyPluginAsyncZod<BlogRoutesDeps> = async (app, { eventStore, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));

  const run = (request: FastifyRequest, command: BlogCommand) =>
    handleCommand(
      eventStore,
      BLOG_STREAM,
      blogDecider,
      command,
      commandMetadata(request, actorOf(request), new Date()),
    );

  const tags = ['blog'];
  const security = [{ bearer: [] }];

  app.post(
    `${BLOG_BASE}/sections`,
    {
      schema: {
        tags,
        security,
        summary: 'Add a section (an outer item) with a generated package id',
        body: addBlogItemInput,
        response: { 201: blogItemAddedResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const itemId = randomUUID();
      const packageId = newPackageId();
      const { position } = await run(request, { type: 'AddBlogSection', itemId, packageId, ...request.body });
      return reply.code(201).send({ itemId, packageId, position });
    },
  );

  app.post(
    `${BLOG_BASE}/sections/:sectionId/items`,
    {
      schema: {
        tags,
        security,
        summary: "Add an inner item to a section: it carries the section's package id and a generated inner package id",
        params: blogSectionParams,
        body: addBlogItemInput,
        response: { 201: innerBlogItemAddedResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const itemId = randomUUID();
      const { events, position } = await run(request, {
        type: 'AddBlogItem',
        itemId,
        sectionId: request.params.sectionId,
        innerPackageSuffix: newSuffix(),
        ...request.body,
      });
      const { packageId, innerPackageId } = events[0]!.data as { packageId: string; innerPackageId: string };
      return reply.code(201).send({ itemId, packageId, innerPackageId, position });
    },
  );

  app.put(
    `${BLOG_BASE}/items`,
    {
      schema: {
        tags,
        security,
        summary:
          'Save the checked rows (sections or inner items): every row with the version it was opened on; one stale or missing row refuses them all (409/404)',
        body: updateBlogItemsInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'UpdateBlogItems', items: request.body.items });
      return { position };
    },
  );

  app.post(
    `${BLOG_BASE}/items/delete`,
    {
      schema: {
        tags,
        security,
        summary:
          'Delete the checked rows, each with the version it was opened on; a section takes its inner items with it. One stale or missing row refuses them all',
        body: deleteBlogItemsInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { position } = await run(request, { type: 'DeleteBlogItems', items: request.body.items });
      return { position };
    },
  );
};

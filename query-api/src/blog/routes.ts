import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import {
  blogPackageResponse,
  blogSectionsResponse,
  blogItemsReadModel,
  type BlogItem,
} from '@labshop/contracts/content/blog-queries';
import type { ReadModels } from '../read-models.ts';

export interface BlogQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const packageParams = z.strictObject({ packageId: z.string().regex(/^PKG-[0-9A-F]{1,40}$/, 'Unknown package id') });

const viewOf = ({ id: _id, _position, level: _level, ...item }: BlogItem) => item;
const byNumber = [{ field: 'number', direction: 'asc' }] as const;

/** The blog section panel's reads (admins only), from the `blog-items` read model. */
export const blogQueries: FastifyPluginAsyncZod<BlogQueryDeps> = async (app, { readModels, tokens }) => {
  app.addHook('onRequest', requireRole(tokens, 'admin'));
  const tags = ['blog', 'admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/admin/blog/sections',
    {
      config: { readModels: [blogItemsReadModel] },
      schema: {
        tags,
        security,
        summary: 'The sections (outer items), in the order they were added',
        response: { 200: blogSectionsResponse, ...errors(401, 403) },
      },
    },
    async () => {
      const sections =
        (await (
          await readModels.collection(blogItemsReadModel)
        )?.find({ where: { level: 'section' }, sort: byNumber })) ?? [];
      return { sections: sections.map(viewOf) };
    },
  );

  app.get(
    '/api/admin/blog/packages/:packageId',
    {
      config: { readModels: [blogItemsReadModel] },
      schema: {
        tags,
        security,
        summary: "A section found by its package id, with its inner items (the panel's /Blog?packageId=…)",
        params: packageParams,
        response: { 200: blogPackageResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const rows =
        (await (
          await readModels.collection(blogItemsReadModel)
        )?.find({ where: { packageId: request.params.packageId }, sort: byNumber })) ?? [];
      const section = rows.find((row) => row.level === 'section');
      if (!section) throw new ApiError('NotFound', 'This section no longer exists');
      return { section: viewOf(section), items: rows.filter((row) => row.level === 'item').map(viewOf) };
    },
  );
};

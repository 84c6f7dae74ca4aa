import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { Query } from '@labshop/platform/read-store/port';
import {
  inboxListQuery,
  type InboxListQuery,
  inboxListView,
  type InboxEntry,
  inboxReadModel,
  type InboxDocument,
} from '@labshop/contracts/inbox/queries';
import type { ReadModels } from '../read-models.ts';

export interface InboxQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

/** The list's filters as a read-store query (the dashboard counts with it too). */
export const inboxFilterOf = ({ status, kind }: Pick<InboxListQuery, 'status' | 'kind'>): Pick<Query, 'where'> => ({
  where: { ...(status && { status }), ...(kind && { kind }) },
});

const entryOf = ({ id: _id, _position, ...entry }: InboxDocument): InboxEntry => ({ id: _id, ...entry });

/** The back office's inbox: inquiries and contact messages, newest first. Admins only. */
export const inboxQueries: FastifyPluginAsyncZod<InboxQueryDeps> = async (app, { readModels, tokens }) => {
  app.get(
    '/api/admin/inbox',
    {
      config: { readModels: [inboxReadModel] },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['inbox'],
        security: [{ bearer: [] }],
        summary:
          'Inquiries and contact messages, newest first, by status and kind, a page at a time, with who answered each',
        querystring: inboxListQuery,
        response: { 200: inboxListView, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, kind, page, pageSize } = request.query;
      const collection = await readModels.collection(inboxReadModel);
      if (!collection) return { submissions: [], total: 0, newCount: 0, page, pageSize };
      // Both read stores break ties by id.
      const sort = [{ field: 'submittedAt', direction: 'desc' }] as const;
      const [{ documents, total }, newCount] = await Promise.all([
        collection.findPage({ ...inboxFilterOf({ status, kind }), sort, skip: (page - 1) * pageSize, limit: pageSize }),
        collection.count({ where: { status: 'new' } }),
      ]);
      return { submissions: documents.map(entryOf), total, newCount, page, pageSize };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/shared/event-store/port';
import { adminStream } from '@labshop/shared/events/admins';
import { adminLoginInput } from '@labshop/shared/commands/admin-login';
import { ApiError } from '@labshop/shared/http/api-error';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { errors } from '@labshop/shared/http/schemas';
import { commandMetadata } from '../request-metadata.ts';
import { authenticateAdmin } from './admin-accounts.ts';

export const ADMIN_SESSION_LIFETIME = '8h';

export interface AdminAuthDeps {
  eventStore: EventStore;
  tokens: TokenService;
  loginRateLimit: { max: number; timeWindow: string };
}

export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (app, { eventStore, tokens, loginRateLimit }) => {
  app.post(
    '/api/admin/login',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['admin'],
        summary: 'Sign in as an admin',
        body: adminLoginInput,
        response: { 200: z.object({ token: z.string(), admin: z.object({ id: z.string(), email: z.string() }) }), ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      const admin = await authenticateAdmin(eventStore, email, password);
      if (!admin) throw new ApiError('Unauthorized', 'Invalid email or password');
      const actor = { kind: 'admin' as const, id: admin.adminId, email: admin.email };
      await eventStore.append(adminStream(admin.adminId), [{ type: 'AdminSignedIn', data: { adminId: admin.adminId }, metadata: commandMetadata(request, actor, new Date()) }], {
        expectedRevision: 'any',
      });
      const token = await tokens.sign({ role: 'admin', sub: admin.adminId, email: admin.email }, ADMIN_SESSION_LIFETIME);
      return { token, admin: { id: admin.adminId, email: admin.email } };
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { ADMIN_SECURITY_STREAM, adminStream } from '@labshop/contracts/admins/events';
import {
  adminLoginInput,
  adminLoginResponse,
  changeAdminPasswordInput,
  changeAdminPasswordResponse,
} from '@labshop/contracts/admins/login-commands';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { ApiError } from '@labshop/platform/http/api-error';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { errors } from '@labshop/platform/http/schemas';
import { commandMetadata } from '../request-metadata.ts';
import { authenticateAdmin, loadAdmin, type AdminAuthentication } from './admin-accounts.ts';
import { adminDecider, appendOnly } from './decider.ts';
import type { SignInGuard } from '../auth/sign-in-guard.ts';
import { refuseCommonPassword } from '../auth/common-passwords.ts';

export const ADMIN_SESSION_LIFETIME = '8h';

export interface AdminAuthDeps {
  eventStore: EventStore;
  tokens: TokenService;
  loginRateLimit: { max: number; timeWindow: string };
  /** Per-account pauses for unknown clients and device cookies, shared with customer sign-in. */
  signInGuard: SignInGuard;
}

export const adminAuthRoutes: FastifyPluginAsyncZod<AdminAuthDeps> = async (
  app,
  { eventStore, tokens, loginRateLimit, signInGuard },
) => {
  // Per address (the route's rate limit) and per account: growing pauses after wrong passwords, for unknown clients only.

  app.post(
    '/api/admin/login',
    {
      config: { rateLimit: loginRateLimit },
      schema: {
        tags: ['admin'],
        summary: 'Sign in as an admin',
        body: adminLoginInput,
        response: { 200: adminLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const client = signInGuard.admit(request, reply, 'admin', email);
      const authentication = await authenticateAdmin(eventStore, email, password);
      if (!authentication.ok) {
        signInGuard.failed(client);
        await recordFailedSignIn(eventStore, request, email, authentication);
        throw new ApiError('Unauthorized', 'Invalid email or password');
      }
      const admin = authentication.account;
      signInGuard.succeeded(request, reply, client, { signedIn: true });
      const actor = { kind: 'admin' as const, id: admin.adminId, email: admin.email };
      await handleCommand(
        eventStore,
        adminStream(admin.adminId),
        adminDecider,
        { type: 'RecordSignIn', adminId: admin.adminId },
        commandMetadata(request, actor, new Date()),
      );
      const token = await tokens.sign(
        { role: 'admin', sub: admin.adminId, email: admin.email },
        ADMIN_SESSION_LIFETIME,
      );
      return { token, admin: { id: admin.adminId, email: admin.email } };
    },
  );

  app.post(
    '/api/admin/logout',
    {
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['admin'],
        summary: 'Sign out: the session of this token ends on the server too (other devices stay signed in)',
        security: [{ bearer: [] }],
        response: { 204: z.null().describe('Signed out'), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // A token from before tokens carried an id cannot be named; it runs out by its expiry.
      if (request.sessionId) {
        await handleCommand(
          eventStore,
          adminStream(actor.id),
          adminDecider,
          { type: 'SignOut', adminId: actor.id, sessionId: request.sessionId },
          commandMetadata(request, actor, new Date()),
        );
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/password',
    {
      config: { rateLimit: loginRateLimit },
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['admin'],
        summary:
          "Change the signed-in admin's password; every earlier session of the admin ends, the answer carries a new token",
        security: [{ bearer: [] }],
        body: changeAdminPasswordInput,
        response: { 200: changeAdminPasswordResponse, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const admin = await loadAdmin(eventStore, actor.id);
      if (!admin || !(await verifyPassword(request.body.currentPassword, admin.passwordHash))) {
        throw new ApiError('BadRequest', 'The current password is not correct', {
          currentPassword: 'The current password is not correct',
        });
      }
      refuseCommonPassword(request.body.newPassword, 'newPassword');
      const passwordHash = await hashPassword(request.body.newPassword);
      const command = {
        type: 'ChangePassword',
        adminId: admin.adminId,
        passwordHash,
        verifiedHash: admin.passwordHash,
      } as const;
      await handleCommand(
        eventStore,
        adminStream(admin.adminId),
        adminDecider,
        command,
        commandMetadata(request, actor, new Date()),
      );
      // Signed after the change, so it belongs to the new session generation.
      return {
        token: await tokens.sign({ role: 'admin', sub: admin.adminId, email: admin.email }, ADMIN_SESSION_LIFETIME),
      };
    },
  );
};

/** A failed sign-in in the admin-security stream: the attempted email, whose account it was, from where; never the password. */
async function recordFailedSignIn(
  eventStore: EventStore,
  request: FastifyRequest,
  email: string,
  failure: Extract<AdminAuthentication, { ok: false }>,
) {
  const actor = { kind: 'anonymous' as const, id: failure.adminId ?? '', email };
  const command = { type: 'RecordFailedSignIn', adminId: failure.adminId, email, reason: failure.reason } as const;
  await handleCommand(
    eventStore,
    ADMIN_SECURITY_STREAM,
    adminDecider,
    command,
    commandMetadata(request, actor, new Date()),
    { load: appendOnly },
  );
}

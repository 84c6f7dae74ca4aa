import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import { customerStream } from '@labshop/contracts/customers/events';
import { customerProfileInput } from '@labshop/contracts/customers/commands';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { positionResponse } from '@labshop/contracts/answers';
import { handleCommand } from '@labshop/platform/deciders/handle-command';
import { commandMetadata } from '../request-metadata.ts';
import { customerDecider } from './decider.ts';

export interface CustomerProfileDeps {
  eventStore: EventStore;
  tokens: TokenService;
  now: () => Date;
}

/** The signed-in customer's own account: only a customer token passes, and it only reaches its own stream. */
export const customerProfileRoutes: FastifyPluginAsyncZod<CustomerProfileDeps> = async (
  app,
  { eventStore, tokens, now },
) => {
  app.put(
    '/api/account/profile',
    {
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary: 'Save My Profile (only the fields that changed are recorded)',
        body: customerProfileInput,
        response: { 200: positionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { position } = await handleCommand(
        eventStore,
        customerStream(actor.id),
        customerDecider,
        { type: 'ChangeProfile', profile: request.body },
        commandMetadata(request, actor, now()),
      );
      return { position };
    },
  );
};

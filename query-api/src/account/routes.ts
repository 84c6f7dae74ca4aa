import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerProfiles } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { ApiError } from '@labshop/shared/http/api-error';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { accountProfileResponse } from '@labshop/shared/queries/account';
import type { ReadModels } from '../read-models.ts';

export interface AccountQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

/** The signed-in customer's own account, from the customer-profiles read model. */
export const accountQueries: FastifyPluginAsyncZod<AccountQueryDeps> = async (app, { readModels, tokens }) => {
  app.get(
    '/api/account/profile',
    {
      config: { readModels: [customerProfiles] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary: "The signed-in customer's account details and profile",
        response: {
          200: accountProfileResponse,
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const collection = await readModels.collection(customerProfiles);
      const customer = await collection?.get(actorOf(request).id);
      if (!customer) throw new ApiError('NotFound', 'Your account could not be found.');
      const { customerId, email, title, firstName, lastName, newsletter, profile } = customer;
      return { customerId, email, title, firstName, lastName, newsletter, profile };
    },
  );
};

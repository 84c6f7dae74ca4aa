import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerAddresses, customerProfiles, inbox, orderDesk } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { ApiError } from '@labshop/shared/http/api-error';
import { actorOf, requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';
import { accountDataExport, accountProfileResponse, type AccountDataExport } from '@labshop/shared/queries/account';
import type { ReadModels } from '../read-models.ts';
import { isUnsavedProfile, profileFromOrder } from './profile-from-order.ts';

export interface AccountQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

/** The signed-in customer's own account, from the customer-profiles read model. */
export const accountQueries: FastifyPluginAsyncZod<AccountQueryDeps> = async (app, { readModels, tokens }) => {
  app.get(
    '/api/account/profile',
    {
      config: { readModels: [customerProfiles, customerAddresses] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary: "The signed-in customer's account details and profile; a profile never saved is filled from the latest order",
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
      const latestOrder = isUnsavedProfile(profile) ? await (await readModels.collection(customerAddresses))?.get(customerId) : undefined;
      if (latestOrder) return { customerId, email, title, firstName, lastName, newsletter, profile: profileFromOrder(latestOrder), filledFromLatestOrder: true };
      return { customerId, email, title, firstName, lastName, newsletter, profile, filledFromLatestOrder: false };
    },
  );

  app.get(
    '/api/account/data',
    {
      config: { readModels: [customerProfiles, customerAddresses, orderDesk, inbox] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary: "Download my data: the signed-in customer's account, saved address, orders, quotes, invoices and inquiries as one JSON file",
        description: 'Only ever the caller\'s own data: the customer is the token\'s, there is no id to ask for another.',
        response: { 200: accountDataExport, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const customerId = actorOf(request).id;
      const [profiles, addresses, orderDocuments, submissions] = await Promise.all([
        readModels.collection(customerProfiles),
        readModels.collection(customerAddresses),
        readModels.collection(orderDesk),
        readModels.collection(inbox),
      ]);
      const customer = await profiles?.get(customerId);
      if (!customer) throw new ApiError('NotFound', 'Your account could not be found.');
      const latest = await addresses?.get(customerId);
      const entries = (await orderDocuments?.find({ where: { customerId }, sort: [{ field: 'order.placedAt', direction: 'asc' }] })) ?? [];
      const { email, title, firstName, lastName, newsletter, profile, registeredAt, activated } = customer;
      // Sent from the account's email (a visitor's form names no account); staff's answering stays out.
      const inquiries = ((await submissions?.find({ where: { email }, sort: [{ field: 'submittedAt', direction: 'asc' }] })) ?? []).map(
        ({ kind, id, status, submittedAt, name, company, phone, topic, message, details, answeredAt }) => ({ kind, id, status, submittedAt, name, email, company, phone, topic, message, details, answeredAt }),
      );
      const orders = entries.map(({ kind, order }) => ({ ...order, kind }));
      const data: AccountDataExport = {
        exportedAt: new Date().toISOString(),
        account: { customerId, email, title, firstName, lastName, newsletter, profile, registeredAt, activated },
        savedAddress: latest ? { ...latest.address, taxExemptNumber: latest.taxExemptNumber, fromOrderId: latest.orderId } : null,
        orders,
        invoices: orders.flatMap((order) => order.invoices.map((invoice) => ({ ...invoice, orderId: order.orderId, orderNumber: order.orderNumber }))),
        inquiries,
      };
      void reply.header('content-disposition', 'attachment; filename="labshop-my-data.json"');
      return data;
    },
  );
};

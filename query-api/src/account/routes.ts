import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerProfilesReadModel } from '@labshop/contracts/customers/account-queries';
import { customerAddressesReadModel } from '@labshop/contracts/orders/queries';
import { inboxReadModel } from '@labshop/contracts/inbox/queries';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { cartView } from '@labshop/contracts/carts/cart-view';
import { emptyCart } from '@labshop/contracts/carts/fold-cart';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { customerCartStream } from '@labshop/contracts/carts/events';
import { customerStream } from '@labshop/contracts/customers/events';
import { orderStream } from '@labshop/contracts/orders/events';
import { submissionStream } from '@labshop/contracts/inbox/events';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import {
  accountDataExport,
  accountProfileResponse,
  type AccountDataExport,
} from '@labshop/contracts/customers/account-queries';
import type { ReadModels } from '../read-models.ts';
import { isUnsavedProfile, profileFromOrder } from './profile-from-order.ts';
import { cartsReadModel } from '@labshop/contracts/carts/queries';
import { orderDeskReadModel } from '@labshop/contracts/orders/desk-queries';

export interface AccountQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
  /** The customer's own streams, read for the actions and the request metadata recorded with them. */
  eventStore: EventStore;
  now: () => Date;
}

/**
 * What the customer did, oldest first, with the address and browser recorded: every event in their own
 * streams (account, cart, orders, the inquiries and messages they sent) that they caused, not staff or the system.
 */
async function actionsIn(eventStore: EventStore, streams: readonly string[]): Promise<AccountDataExport['actions']> {
  const events: RecordedEvent[] = [];
  for (const stream of streams) for await (const event of eventStore.readStream(stream)) events.push(event);
  return events
    .filter((event) => event.metadata.actor.kind === 'customer' || event.metadata.actor.kind === 'anonymous')
    .sort((a, b) => (a.position < b.position ? -1 : 1))
    .map(({ type, stream, metadata }) => ({
      at: metadata.occurredAt,
      action: type,
      stream,
      ip: metadata.ip ?? null,
      userAgent: metadata.userAgent ?? null,
    }));
}

/** The signed-in customer's own account, from the customer-profiles read model. */
export const accountQueries: FastifyPluginAsyncZod<AccountQueryDeps> = async (
  app,
  { readModels, tokens, eventStore, now },
) => {
  app.get(
    '/api/account/profile',
    {
      config: { readModels: [customerProfilesReadModel, customerAddressesReadModel] },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary:
          "The signed-in customer's account details and profile; a profile never saved is filled from the latest order",
        response: {
          200: accountProfileResponse,
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const collection = await readModels.collection(customerProfilesReadModel);
      const customer = await collection?.get(actorOf(request).id);
      if (!customer) throw new ApiError('NotFound', 'Your account could not be found.');
      const { customerId, email, title, firstName, lastName, newsletter, profile } = customer;
      const account = { customerId, email, title, firstName, lastName, newsletter };
      const latestOrder = isUnsavedProfile(profile)
        ? await (await readModels.collection(customerAddressesReadModel))?.get(customerId)
        : undefined;
      if (latestOrder) return { ...account, profile: profileFromOrder(latestOrder), filledFromLatestOrder: true };
      return { ...account, profile, filledFromLatestOrder: false };
    },
  );

  app.get(
    '/api/account/data',
    {
      config: {
        readModels: [
          customerProfilesReadModel,
          customerAddressesReadModel,
          orderDeskReadModel,
          inboxReadModel,
          cartsReadModel,
        ],
      },
      onRequest: requireRole(tokens, 'customer'),
      schema: {
        tags: ['customer account'],
        security: [{ bearer: [] }],
        summary:
          "Download my data: the signed-in customer's account, saved address, orders, quotes, invoices, cart, inquiries and every action with the address and browser recorded, as one JSON file",
        description: "Only ever the caller's own data: the customer is the token's, there is no id to ask for another.",
        response: { 200: accountDataExport, ...errors(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const customerId = actorOf(request).id;
      const [profiles, addresses, orderDocuments, submissions, cartDocuments] = await Promise.all([
        readModels.collection(customerProfilesReadModel),
        readModels.collection(customerAddressesReadModel),
        readModels.collection(orderDeskReadModel),
        readModels.collection(inboxReadModel),
        readModels.collection(cartsReadModel),
      ]);
      const customer = await profiles?.get(customerId);
      if (!customer) throw new ApiError('NotFound', 'Your account could not be found.');
      const latest = await addresses?.get(customerId);
      const entries =
        (await orderDocuments?.find({
          where: { customerId },
          sort: [{ field: 'order.placedAt', direction: 'asc' }],
        })) ?? [];
      const { email, title, firstName, lastName, newsletter, profile, registeredAt, activated } = customer;
      // Sent from the account's email or one their orders went to (a visitor's form names no account), as erasure finds them; staff's answering stays out.
      const emails = new Set(
        [email, ...entries.map((entry) => entry.order.address.email)].flatMap((address) => [
          address,
          address.toLowerCase(),
        ]),
      );
      const sent =
        (await submissions?.find({
          where: { email: { $in: [...emails] } },
          sort: [{ field: 'submittedAt', direction: 'asc' }],
        })) ?? [];
      // The entries as the inbox keeps them, but who on the staff answered.
      const inquiries = sent.map(({ answeredBy: _staff, _position, ...inquiry }) => inquiry);
      const orders = entries.map(({ kind, order }) => ({ ...order, kind }));
      const streams = [
        customerStream(customerId),
        customerCartStream(customerId),
        ...orders.map((order) => orderStream(order.orderId)),
        ...sent.map((entry) => submissionStream(entry.kind, entry.id)),
      ];
      const cart = cartView(
        customerId,
        (await cartDocuments?.get(customerCartStream(customerId))) ?? emptyCart(),
        now(),
      );
      const data: AccountDataExport = {
        exportedAt: new Date().toISOString(),
        account: { customerId, email, title, firstName, lastName, newsletter, profile, registeredAt, activated },
        savedAddress: latest
          ? { ...latest.address, taxExemptNumber: latest.taxExemptNumber, fromOrderId: latest.orderId }
          : null,
        orders,
        invoices: orders.flatMap((order) =>
          order.invoices.map((invoice) => ({ ...invoice, orderId: order.orderId, orderNumber: order.orderNumber })),
        ),
        cart,
        inquiries,
        actions: await actionsIn(eventStore, streams),
      };
      void reply.header('content-disposition', 'attachment; filename="labshop-my-data.json"');
      return data;
    },
  );
};

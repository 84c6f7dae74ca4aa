import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerProfilesReadModel } from '@labshop/contracts/customers/account-queries';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { actorOf, requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import {
  customerAddressesReadModel,
  orderListQuery,
  orderListView,
  orderView,
  savedAddressView,
  type SavedAddressView,
} from '@labshop/contracts/orders/queries';
import type { ReadModels } from '../read-models.ts';
import { orderDeskReadModel } from '@labshop/contracts/orders/desk-queries';

export interface OrderQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const ORDER_NOT_FOUND = 'Order not found';

/** My Orders, My Quotes, one order, and the address checkout prefills: the signed-in customer's own only. */
export const orderQueries: FastifyPluginAsyncZod<OrderQueryDeps> = async (app, { readModels, tokens }) => {
  const tags = ['customer orders'];
  const onRequest = requireRole(tokens, 'customer');

  app.get(
    '/api/account/orders',
    {
      config: { readModels: [orderDeskReadModel] },
      onRequest,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The customer's orders (or quote requests), newest first, a page at a time",
        querystring: orderListQuery,
        response: { 200: orderListView, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize, kind } = request.query;
      // My Quotes lists every quote, answered ones too (an accepted quote is also an order, under My Orders).
      const customerId = actorOf(request).id;
      const where: Record<string, string> =
        kind === 'quotes' ? { customerId, 'order.payment.kind': 'quote' } : { customerId, kind: 'order' };
      const collection = await readModels.collection(orderDeskReadModel);
      if (!collection) return { orders: [], total: 0, page, pageSize };
      const { documents, total } = await collection.findPage({
        where,
        sort: [
          { field: 'order.placedAt', direction: 'desc' },
          { field: 'order.orderNumber', direction: 'desc' },
        ],
        skip: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { orders: documents.map((entry) => entry.order), total, page, pageSize };
    },
  );

  app.get(
    '/api/account/orders/:orderId',
    {
      config: { readModels: [orderDeskReadModel] },
      onRequest,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "One of the customer's orders (another customer's answers 404, like a missing one)",
        params: orderIdParams,
        response: { 200: orderView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const collection = await readModels.collection(orderDeskReadModel);
      const entry = await collection?.get(request.params.orderId);
      if (!entry || entry.customerId !== actorOf(request).id) throw new ApiError('NotFound', ORDER_NOT_FOUND);
      return entry.order;
    },
  );

  app.get(
    '/api/account/address',
    {
      config: { readModels: [customerAddressesReadModel, customerProfilesReadModel] },
      onRequest,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The address checkout prefills: the customer's last order's, else their profile's",
        response: { 200: savedAddressView, ...errors(401, 403, 404) },
      },
    },
    async (request): Promise<SavedAddressView> => {
      const customerId = actorOf(request).id;
      const latest = await (await readModels.collection(customerAddressesReadModel))?.get(customerId);
      if (latest)
        return {
          ...latest.address,
          billingAddress: latest.billingAddress ?? null,
          taxExemptNumber: latest.taxExemptNumber ?? '',
          source: 'last-order',
        };
      const customer = await (await readModels.collection(customerProfilesReadModel))?.get(customerId);
      if (!customer) throw new ApiError('NotFound', 'No saved address yet.');
      const { profile } = customer;
      return {
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        company: profile.company,
        phone: profile.phone,
        address1: profile.address1,
        address2: profile.address2,
        city: profile.city,
        state: profile.state,
        zipCode: profile.zipCode,
        useForInvoice: true,
        taxExemptNumber: profile.vatNumber,
        source: 'profile',
      };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import {
  orderDeskListQuery,
  orderDeskListView,
  orderDeskOrderView,
  type OrderDeskRow,
  orderDeskReadModel,
  type OrderDeskEntry,
} from '@labshop/contracts/orders/desk-queries';
import type { ReadModels } from '../read-models.ts';
import { deskFilterOf, deskSortOf } from './desk-filter.ts';

export interface OrderDeskQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const ORDER_NOT_FOUND = 'Order not found';

function rowOf({ order, kind, customerEmail, backorderedUnits }: OrderDeskEntry): OrderDeskRow {
  const { orderId, orderNumber, placedAt, status, address, payment, totalCents, paidAt, version } = order;
  const customerName = `${address.firstName} ${address.lastName}`;
  return {
    orderId,
    orderNumber,
    placedAt,
    status,
    kind,
    customerEmail,
    customerName,
    company: address.company,
    state: address.state,
    poNumber: payment?.poNumber || null,
    totalCents,
    paidAt,
    version,
    backorderedUnits,
  };
}

/** The back office's order desk: every order and quote, and one with its timeline. Admins only. */
export const orderDeskQueries: FastifyPluginAsyncZod<OrderDeskQueryDeps> = async (app, { readModels, tokens }) => {
  /** Both routes: admins only, over the order desk (a reader's own write waited for), documented together. */
  const route = { config: { readModels: [orderDeskReadModel] }, onRequest: requireRole(tokens, 'admin') };
  const docs = { tags: ['order desk'], security: [{ bearer: [] }] };

  app.get(
    '/api/admin/orders',
    {
      ...route,
      schema: {
        ...docs,
        summary:
          'Every order and quote, newest first or sorted by a column, filtered (status, awaiting confirmation, New York days from/to, state, customer email, order number, a search over order number, name, company, email and PO, kind, backorders; checkouts never paid only with unpaid=show or their status), a page at a time',
        querystring: orderDeskListQuery,
        response: { 200: orderDeskListView, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const collection = await readModels.collection(orderDeskReadModel);
      if (!collection) return { orders: [], total: 0, page, pageSize };
      const { documents, total } = await collection.findPage({
        ...deskFilterOf(request.query),
        sort: deskSortOf(request.query),
        skip: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { orders: documents.map(rowOf), total, page, pageSize };
    },
  );

  app.get(
    '/api/admin/orders/:orderId',
    {
      ...route,
      schema: {
        ...docs,
        summary:
          'One order or quote: lines, totals, tax, address, PO, invoices, and its timeline (every event with its time and actor)',
        params: orderIdParams,
        response: { 200: orderDeskOrderView, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const entry = await (await readModels.collection(orderDeskReadModel))?.get(request.params.orderId);
      if (!entry) throw new ApiError('NotFound', ORDER_NOT_FOUND);
      return {
        order: entry.order,
        kind: entry.kind,
        customer: { id: entry.customerId, email: entry.customerEmail },
        timeline: entry.timeline,
      };
    },
  );
};

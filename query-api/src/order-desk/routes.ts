import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { orderIdParams } from '@labshop/contracts/orders/commands';
import { ApiError } from '@labshop/platform/http/api-error';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import type { FieldCondition, Query } from '@labshop/platform/read-store/port';
import {
  orderDeskListQuery,
  orderDeskListView,
  orderDeskOrderView,
  type OrderDeskListQuery,
  type OrderDeskRow,
  orderDeskReadModel,
  type OrderDeskEntry,
} from '@labshop/contracts/orders/desk-queries';
import { businessDayEnd, businessDayStart } from '@labshop/contracts/orders/business-day';
import type { ReadModels } from '../read-models.ts';

export interface OrderDeskQueryDeps {
  readModels: ReadModels;
  tokens: TokenService;
}

const ORDER_NOT_FOUND = 'Order not found';

/** The list's filters as a read-store query: equality, a string range and one substring match, which both read stores answer. */
function filterOf({
  status,
  from,
  to,
  state,
  email,
  orderNumber,
  search,
  kind,
  unpaid,
  backorders,
}: OrderDeskListQuery): Pick<Query, 'where' | 'text'> {
  const where: Record<string, FieldCondition> = {};
  if (status) where['order.status'] = status;
  // A checkout never submitted has no payment at all, which no `$in` matches in either read store.
  if (unpaid === 'hide' && status !== 'Awaiting payment')
    where['order.payment.kind'] = { $in: ['purchase-order', 'quote'] };
  if (from || to)
    where['order.placedAt'] = {
      ...(from && { $gte: businessDayStart(from).toISOString() }),
      ...(to && { $lt: businessDayEnd(to).toISOString() }),
    };
  if (state) where['order.address.state'] = state;
  if (orderNumber) where['order.orderNumber'] = orderNumber;
  if (backorders === 'only') where.backorderedUnits = { $gt: 0 };
  if (kind !== 'all') where.kind = kind === 'quotes' ? 'quote' : 'order';
  if (search) return { where, text: { field: 'searchText', value: search.toLowerCase(), mode: 'substring' } };
  return {
    where,
    ...(email && { text: { field: 'customerEmail', value: email.toLowerCase(), mode: 'substring' as const } }),
  };
}

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
          'Every order and quote, newest first, filtered (status, New York days from/to, state, customer email, order number, a search over order number, name, company, email and PO, kind, backorders; checkouts never paid only with unpaid=show or their status), a page at a time',
        querystring: orderDeskListQuery,
        response: { 200: orderDeskListView, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const collection = await readModels.collection(orderDeskReadModel);
      if (!collection) return { orders: [], total: 0, page, pageSize };
      const filter = filterOf(request.query);
      const sort = [
        { field: 'order.placedAt', direction: 'desc' },
        { field: 'order.orderNumber', direction: 'desc' },
      ] as const;
      const { documents, total } = await collection.findPage({
        ...filter,
        sort,
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

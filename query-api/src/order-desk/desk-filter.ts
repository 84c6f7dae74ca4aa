import type { FieldCondition, Query } from '@labshop/platform/read-store/port';
import type { OrderDeskListQuery, OrderDeskSortKey } from '@labshop/contracts/orders/desk-queries';
import { businessDayEnd, businessDayStart } from '@labshop/contracts/orders/business-day';
import { fulfilmentMovesFrom } from '@labshop/contracts/orders/desk-rules';

/** The list's filters as a read-store query: equality, a string range and one substring match, which both read stores answer. */
export function deskFilterOf({
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
  awaiting,
}: OrderDeskListQuery): Pick<Query, 'where' | 'text'> {
  const where: Record<string, FieldCondition> = {};
  if (status) where['order.status'] = status;
  if (awaiting === 'confirmation') where['order.status'] = { $in: fulfilmentMovesFrom.confirm };
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

/** The document field each sortable column reads. */
const sortFields: Record<OrderDeskSortKey, string> = {
  placedAt: 'order.placedAt',
  orderNumber: 'order.orderNumber',
  customer: 'customerEmail',
  state: 'order.address.state',
  total: 'order.totalCents',
  status: 'order.status',
};

/** The chosen column in the chosen direction, then newest order number first, so equal values keep a stable order. */
export function deskSortOf({ sort, direction }: Pick<OrderDeskListQuery, 'sort' | 'direction'>): Query['sort'] {
  return [
    { field: sortFields[sort], direction },
    { field: 'order.orderNumber', direction: sort === 'orderNumber' ? direction : 'desc' },
  ];
}

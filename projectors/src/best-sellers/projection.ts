import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { isOrderEvent, type OrderEvent, type OrderLine } from '@labshop/contracts/orders/events';
import {
  bestSellersReadModel,
  isSalesDay,
  saleDay,
  type BestSellersDocument,
  type DayOrder,
  type DetailUnits,
  type OpenOrderDay,
  type SalesDay,
} from '@labshop/contracts/catalogue/best-sellers-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

/** A field name from an order id, as the read stores' field paths allow: letters, digits and `_` only. */
export const orderKey = (orderId: string) =>
  `o_${orderId.replace(/[^A-Za-z0-9]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;

/** How many buckets a day's open orders are spread over: about the square root of a busy day's orders, so a bucket and the buckets' index cost about the same to copy. */
const ORDER_BUCKETS = 64;

/** A new day's open orders: every bucket, empty. */
const noOpenOrders = (): SalesDay['orders'] =>
  Object.fromEntries(Array.from({ length: ORDER_BUCKETS }, (_, index) => [`b${index}`, {}]));

/** The bucket of a day's open orders an order is kept in: a hash (FNV-1a) of its id, a field name the read stores accept. */
export function orderBucket(orderId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < orderId.length; index++) hash = Math.imul(hash ^ orderId.charCodeAt(index), 0x01000193);
  return `b${(hash >>> 0) % ORDER_BUCKETS}`;
}

/** The open order `orderId` of the day, if the day keeps it. */
export const openOrder = (salesDay: SalesDay, orderId: string): DayOrder | undefined =>
  salesDay.orders[orderBucket(orderId)]?.[orderKey(orderId)];

const dayId = (day: string) => `day-${day}`;
const OPEN_ORDER_DAY = 'open-order-';
export const openOrderDayId = (orderId: string) => `${OPEN_ORDER_DAY}${orderId}`;
/** The events that change an order kept open on its day: it starts counting, stops counting, or can no longer change. */
const EVENTS_OF_OPEN_ORDERS = [
  'CheckoutRevised',
  'PurchaseOrderSubmitted',
  'QuoteAccepted',
  'OrderCancelled',
  'OrderShipped',
] as const satisfies readonly OrderEvent['type'][];
type EventOfOpenOrder = Extract<OrderEvent, { type: (typeof EVENTS_OF_OPEN_ORDERS)[number] }>;

const isEventOfOpenOrder = eventGuard<EventOfOpenOrder>(EVENTS_OF_OPEN_ORDERS);

/** One entry per detail: an order may sell the same detail twice (two pack sizes). */
function unitsPerDetail(lines: readonly Pick<OrderLine, 'detailId' | 'quantity'>[]): DetailUnits[] {
  const units = new Map<string, number>();
  for (const { detailId, quantity } of lines) units.set(detailId, (units.get(detailId) ?? 0) + quantity);
  return [...units].map(([detailId, count]) => ({ detailId, units: count }));
}

const mostSoldFirst = (a: DetailUnits, b: DetailUnits) => b.units - a.units || (a.detailId < b.detailId ? -1 : 1);

/**
 * The day's totals with `lines` added (sign 1) or taken away (sign −1); details left at 0 drop out. The totals an
 * order leaves alone are kept as they are (documents are never mutated), and the list, sorted but for those an
 * order changed, sorts again in about one pass.
 */
function addUnits(totals: readonly DetailUnits[], lines: readonly DetailUnits[], sign: 1 | -1): DetailUnits[] {
  const changes = new Map<string, number>();
  for (const line of lines) changes.set(line.detailId, (changes.get(line.detailId) ?? 0) + sign * line.units);
  const next: DetailUnits[] = [];
  for (const total of totals) {
    const change = changes.get(total.detailId);
    if (change === undefined) next.push(total);
    else if (total.units + change > 0) next.push({ detailId: total.detailId, units: total.units + change });
    changes.delete(total.detailId);
  }
  for (const [detailId, units] of changes) if (units > 0) next.push({ detailId, units });
  return next.sort(mostSoldFirst);
}

/** The day's open orders with `order` kept (or replaced) in its bucket. */
function withOrder(salesDay: Pick<SalesDay, 'orders'>, order: DayOrder): SalesDay['orders'] {
  const bucket = orderBucket(order.orderId);
  return { ...salesDay.orders, [bucket]: { ...salesDay.orders[bucket], [orderKey(order.orderId)]: order } };
}

/** The day's open orders but `order`, which can no longer change the day's units. */
function withoutOrder(salesDay: SalesDay, order: DayOrder): SalesDay['orders'] {
  // A fresh copy, deleted from before anyone sees it: the day's own bucket stays as it is.
  const name = orderBucket(order.orderId);
  const bucket = { ...salesDay.orders[name] };
  delete bucket[orderKey(order.orderId)];
  return { ...salesDay.orders, [name]: bucket };
}

/**
 * Units sold per product detail and business (New York) day, from the order events. An order counts once its
 * purchase order is submitted or its quote accepted: one still awaiting payment, or a quote not accepted, has
 * sold nothing yet. Units, not money, rank best sellers, so a quote counts the quantities it was accepted
 * with whatever its quoted prices. It counts on the day it was placed, the order's date on every page and
 * document, and stops counting if it is cancelled.
 */
export const bestSellers: Projection<BestSellersDocument> = {
  ...bestSellersReadModel,
  // 2: business (New York) days instead of UTC ones, and accepted quotes. 3: open orders in buckets. 4: every bucket
  // kept, empty ones too. 5: open orders found by id (an OpenOrderDay each), not by a scan of the days.
  version: 5,

  async documentIds(event, documents) {
    if (isOrderEvent(event) && event.type === 'OrderPlaced')
      return [dayId(saleDay(event.data.placedAt)), openOrderDayId(event.data.orderId)];
    if (!isEventOfOpenOrder(event)) return [];
    const open = await documents.get(openOrderDayId(event.data.orderId));
    return open && !isSalesDay(open) ? [open.dayId, open.id] : [];
  },

  project(document, event, id) {
    if (!isOrderEvent(event)) return document;
    if (id.startsWith(OPEN_ORDER_DAY)) return projectOpenOrderDay(isSalesDay(document) ? null : document, event);
    return projectDay(isSalesDay(document) ? document : null, event);
  },
};

/** The day's units and open orders. */
function projectDay(salesDay: SalesDay | null, event: RecordedEvent & OrderEvent): Omit<SalesDay, '_position'> | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, placedAt, lines } = event.data;
      const day = salesDay ?? {
        id: dayId(saleDay(placedAt)),
        day: saleDay(placedAt),
        units: [],
        orders: noOpenOrders(),
      };
      return { ...day, orders: withOrder(day, { orderId, lines: unitsPerDetail(lines), counted: false }) };
    }
    case 'CheckoutRevised': {
      // An unpaid checkout's lines changed: it counts the new ones once paid.
      const order = salesDay && openOrder(salesDay, event.data.orderId);
      if (!salesDay || !order || order.counted) return salesDay;
      return { ...salesDay, orders: withOrder(salesDay, { ...order, lines: unitsPerDetail(event.data.lines) }) };
    }
    case 'PurchaseOrderSubmitted':
    case 'QuoteAccepted': {
      const order = salesDay && openOrder(salesDay, event.data.orderId);
      if (!salesDay || !order || order.counted) return salesDay;
      return {
        ...salesDay,
        units: addUnits(salesDay.units, order.lines, 1),
        orders: withOrder(salesDay, { ...order, counted: true }),
      };
    }
    case 'OrderCancelled': {
      // A cancelled order sold nothing: its units, if they counted, are taken away again.
      const order = salesDay && openOrder(salesDay, event.data.orderId);
      if (!salesDay || !order) return salesDay;
      return {
        ...salesDay,
        units: order.counted ? addUnits(salesDay.units, order.lines, -1) : salesDay.units,
        orders: withoutOrder(salesDay, order),
      };
    }
    case 'OrderShipped': {
      // Shipped, an order can no longer be cancelled: its units stay, and the day need not keep its lines.
      const order = salesDay && openOrder(salesDay, event.data.orderId);
      if (!salesDay || !order?.counted) return salesDay;
      return { ...salesDay, orders: withoutOrder(salesDay, order) };
    }
    default:
      // A quote sells nothing until it is accepted; the other moves change no units.
      return salesDay;
  }
}

/** The pointer from an open order to its day, kept exactly as long as the day keeps the order. */
function projectOpenOrderDay(
  open: OpenOrderDay | null,
  event: RecordedEvent & OrderEvent,
): Omit<OpenOrderDay, '_position'> | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, placedAt } = event.data;
      return { id: openOrderDayId(orderId), orderId, dayId: dayId(saleDay(placedAt)), counted: false };
    }
    case 'PurchaseOrderSubmitted':
    case 'QuoteAccepted':
      return open && { ...open, counted: true };
    case 'OrderCancelled':
      return null;
    case 'OrderShipped':
      return open?.counted ? null : open;
    default:
      return open;
  }
}

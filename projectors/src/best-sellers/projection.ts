import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { isOrderEvent, type OrderEvent, type OrderLine } from '@labshop/contracts/orders/events';
import {
  bestSellersReadModel,
  isSalesDay,
  saleDay,
  type BestSellersDocument,
  type DetailUnits,
  type OpenOrderDay,
  type SalesDay,
} from '@labshop/contracts/catalogue/best-sellers-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const dayId = (day: string) => `day-${day}`;
const OPEN_ORDER_DAY = 'open-order-';
export const openOrderDayId = (orderId: string) => `${OPEN_ORDER_DAY}${orderId}`;
/** The events that change an order kept open: it starts counting, stops counting, or can no longer change. */
const EVENTS_OF_OPEN_ORDERS = [
  'CheckoutRevised',
  'PurchaseOrderSubmitted',
  'QuoteAccepted',
  'OrderCancelled',
  'OrderShipped',
] as const satisfies readonly OrderEvent['type'][];
type EventOfOpenOrder = Extract<OrderEvent, { type: (typeof EVENTS_OF_OPEN_ORDERS)[number] }>;
/** Of those, the ones that change its day's units (when it counts, or counted). */
const COUNTING_EVENTS = new Set<OrderEvent['type']>(['PurchaseOrderSubmitted', 'QuoteAccepted', 'OrderCancelled']);

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
  // kept, empty ones too. 5: open orders found by id (an OpenOrderDay each), not by a scan of the days. 6: an open
  // order's lines in its own document, not in its day's (a busy day's document had grown to hundreds of kilobytes,
  // written again with every batch of order events).
  version: 6,

  documentIds(event, documents) {
    if (isOrderEvent(event) && event.type === 'OrderPlaced')
      return [dayId(saleDay(event.data.placedAt)), openOrderDayId(event.data.orderId)];
    if (!isEventOfOpenOrder(event)) return [];
    return documents.get(openOrderDayId(event.data.orderId)).then((open) => {
      if (!open || isSalesDay(open)) return [];
      return COUNTING_EVENTS.has(event.type) ? [open.dayId, open.id] : [open.id];
    });
  },

  project(document, event, id, before) {
    if (!isOrderEvent(event)) return document;
    const open = before(openOrderDayId(event.data.orderId));
    const openOrder = open && !isSalesDay(open) ? open : null;
    if (id.startsWith(OPEN_ORDER_DAY)) return projectOpenOrder(openOrder, event);
    return projectDay(isSalesDay(document) ? document : null, openOrder, event);
  },
};

/** The day's units: an order's lines (from its open order, as it was before the event) start or stop counting. */
function projectDay(
  salesDay: SalesDay | null,
  open: OpenOrderDay | null,
  event: RecordedEvent & OrderEvent,
): Omit<SalesDay, '_position'> | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const day = saleDay(event.data.placedAt);
      return salesDay ?? { id: dayId(day), day, units: [] };
    }
    case 'PurchaseOrderSubmitted':
    case 'QuoteAccepted':
      if (!salesDay || !open || open.counted) return salesDay;
      return { ...salesDay, units: addUnits(salesDay.units, open.lines, 1) };
    case 'OrderCancelled':
      // A cancelled order sold nothing: its units, if they counted, are taken away again.
      if (!salesDay || !open?.counted) return salesDay;
      return { ...salesDay, units: addUnits(salesDay.units, open.lines, -1) };
    default:
      // A quote sells nothing until it is accepted; the other moves change no units.
      return salesDay;
  }
}

/** An order its day may still start or stop counting, with its units per detail: kept until it is shipped or cancelled. */
function projectOpenOrder(
  open: OpenOrderDay | null,
  event: RecordedEvent & OrderEvent,
): Omit<OpenOrderDay, '_position'> | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const { orderId, placedAt, lines } = event.data;
      return {
        id: openOrderDayId(orderId),
        orderId,
        dayId: dayId(saleDay(placedAt)),
        counted: false,
        lines: unitsPerDetail(lines),
      };
    }
    case 'CheckoutRevised':
      // An unpaid checkout's lines changed: it counts the new ones once paid.
      return open && !open.counted ? { ...open, lines: unitsPerDetail(event.data.lines) } : open;
    case 'PurchaseOrderSubmitted':
    case 'QuoteAccepted':
      return open && { ...open, counted: true };
    case 'OrderCancelled':
      return null;
    case 'OrderShipped':
      // Shipped, an order can no longer be cancelled: its units stay, and it need not be kept.
      return open?.counted ? null : open;
    default:
      return open;
  }
}

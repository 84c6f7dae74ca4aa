import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import type { OrderView } from '@labshop/shared/queries/orders';
import type { TimelineEntry } from '@labshop/shared/queries/order-desk';
import { foldOrder, orderKindOf, type HeldFromStatus } from '@labshop/shared/orders/fold-order';
import { eraseOrderView } from '@labshop/shared/event-store/personal-data/erase-order-view';
import { ERASED_CUSTOMER } from '@labshop/shared/orders/erased-customer';
import { isOrderEvent } from '@labshop/shared/events/orders';
import type { Projection, ProjectionDocuments } from '../projection.ts';
import { erasedTimeline, timelineEntryOf } from './timeline.ts';

/**
 * One document per order or quote, for the back office's order desk and for the customer's My Orders,
 * My Quotes, invoices and data export. The desk filters by `order.status`, `order.placedAt`,
 * `order.address.state`, `order.orderNumber`, `kind` and `customerEmail` and shows the timeline; the
 * customer's pages find their orders by `customerId` and `kind` and are given the `order` only (the
 * timeline names staff). The order is folded with the command API's fold; the timeline keeps
 * every event of the order's stream (invoices and any later kind included) with its time and actor.
 */
export interface OrderDeskEntry extends StoredDocument {
  customerId: string;
  /** The account email of the customer who placed it, lower case (the list's email filter). */
  customerEmail: string;
  idempotencyKey: string;
  kind: 'order' | 'quote';
  heldFrom: HeldFromStatus | null;
  order: OrderView;
  /** Units on backorder over the order's lines while it is open (issue 21); the desk lists these orders apart. */
  backorderedUnits: number;
  timeline: TimelineEntry[];
  /** What the desk's Search matches anywhere in, lower case: order number, customer name and emails, company, PO number. */
  searchText: string;
}

/** The desk's Search text of an order: a part of any of these finds it ("59349", "thibodeaux", "levee labs"). */
export function deskSearchText(order: OrderView, customerEmail: string): string {
  const { orderNumber, address, payment } = order;
  return [orderNumber, `${address.firstName} ${address.lastName}`, address.company, customerEmail, address.email, payment?.poNumber ?? ''].join(' | ').toLowerCase();
}

/** Backorders wait only on an order that can still ship. */
const backorderedUnitsOf = (view: OrderView) =>
  view.status === 'Cancelled' || view.status === 'Shipped' || view.status === 'Delivered' || view.status === 'Closed' ? 0 : view.lines.reduce((sum, line) => sum + (line.backorderedQuantity ?? 0), 0);

// Order ids are uuids, which keeps out the order-numbers-<day> streams.
const ORDER_STREAM = /^order-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const orderIdOfStream = (event: RecordedEvent) => ORDER_STREAM.exec(event.stream)?.[1];

export const orderDesk: Projection<OrderDeskEntry> = {
  name: 'order-desk',
  // 2: staff quotes and credit notes in the OrderView, and their words in the timeline. 3: searchText.
  // 4: payment receipts (`receipts`) and declined quotes (`quote.declined`, status 'Quote declined') in the OrderView.
  // 5: backordered units (`backorderedUnits`, each line's reserved and backordered quantities).
  version: 5,
  indexedFields: ['customerId', 'kind', 'order.status', 'order.address.state', 'order.orderNumber', 'backorderedUnits'],

  documentIds(event, documents) {
    if (event.type === 'CustomerErased') return idsOfCustomer(documents, event);
    const orderId = orderIdOfStream(event);
    return orderId ? [orderId] : [];
  },

  project(entry, event) {
    if (event.type === 'CustomerErased') return entry && erasedEntry(entry);
    if (!entry && event.type !== 'OrderPlaced') return entry;
    const timeline = [...(entry?.timeline ?? []), timelineEntryOf(event)];
    if (!isOrderEvent(event)) return entry && { ...entry, timeline };
    const folded = foldOrder(entry && { customerId: entry.customerId, idempotencyKey: entry.idempotencyKey, heldFrom: entry.heldFrom, view: entry.order }, event);
    if (!folded) return entry;
    const { customerId, idempotencyKey, heldFrom, view } = folded;
    const customerEmail = entry?.customerEmail ?? event.metadata.actor.email.toLowerCase();
    return { id: view.orderId, customerId, customerEmail, idempotencyKey, kind: orderKindOf(view), heldFrom, order: view, backorderedUnits: backorderedUnitsOf(view), timeline, searchText: deskSearchText(view, customerEmail) };
  },
};

/**
 * The entry once its customer was erased, as a rebuild through the personal-data store would make it:
 * the customer reads as the erased customer in the order, the email filter and the timeline's actors,
 * and the PO number and staff's reasons are blank in the order and the timeline's words.
 */
function erasedEntry(entry: OrderDeskEntry): Omit<OrderDeskEntry, '_position'> {
  const erasedActor = (actor: TimelineEntry['actor']) => (actor.kind === 'customer' && actor.id === entry.customerId ? { ...actor, email: ERASED_CUSTOMER.email } : actor);
  const order = eraseOrderView(entry.order);
  return {
    ...entry,
    customerEmail: ERASED_CUSTOMER.email,
    order,
    searchText: deskSearchText(order, ERASED_CUSTOMER.email),
    timeline: erasedTimeline(entry.timeline, order).map((item) => ({ ...item, actor: erasedActor(item.actor) })),
  };
}

/** The documents of the customer a CustomerErased names. */
async function idsOfCustomer(documents: ProjectionDocuments<OrderDeskEntry>, event: RecordedEvent): Promise<string[]> {
  const { customerId } = event.data as { customerId: string };
  return (await documents.find({ where: { customerId } })).map((document) => document.id);
}

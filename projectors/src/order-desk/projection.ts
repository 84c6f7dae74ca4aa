import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { OrderView } from '@labshop/contracts/orders/queries';
import type { TimelineEntry } from '@labshop/contracts/orders/desk-queries';
import { foldOrder, orderKindOf } from '@labshop/contracts/orders/fold-order';
import { eraseOrderView } from '@labshop/platform/event-store/personal-data/erase-order-view';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { isOrderEvent, orderIdOfStream } from '@labshop/contracts/orders/events';
import { orderDeskReadModel, type OrderDeskEntry } from '@labshop/contracts/orders/desk-queries';
import type { Projection, ProjectionDocuments } from '@labshop/platform/read-store/projection';
import { erasedTimeline, timelineEntryOf } from './timeline.ts';

/** The desk's Search text of an order: a part of any of these finds it ("59349", "thibodeaux", "levee labs"). */
export function deskSearchText(order: OrderView, customerEmail: string): string {
  const { orderNumber, address, payment } = order;
  return [
    orderNumber,
    `${address.firstName} ${address.lastName}`,
    address.company,
    customerEmail,
    address.email,
    payment?.poNumber ?? '',
  ]
    .join(' | ')
    .toLowerCase();
}

/** Backorders wait only on an order that can still ship. */
const backorderedUnitsOf = (view: OrderView) =>
  view.status === 'Cancelled' || view.status === 'Shipped' || view.status === 'Delivered' || view.status === 'Closed'
    ? 0
    : view.lines.reduce((sum, line) => sum + (line.backorderedQuantity ?? 0), 0);

export const orderDesk: Projection<OrderDeskEntry> = {
  ...orderDeskReadModel,
  // 2: staff quotes and credit notes in the OrderView, and their words in the timeline. 3: searchText.
  // 4: payment receipts (`receipts`) and declined quotes (`quote.declined`, status 'Quote declined') in the OrderView.
  // 5: backordered units (`backorderedUnits`, each line's reserved and backordered quantities).
  version: 5,

  documentIds(event, documents) {
    if (event.type === 'CustomerErased') return idsOfCustomer(documents, event);
    const orderId = orderIdOfStream(event.stream);
    return orderId ? [orderId] : [];
  },

  project(entry, event) {
    if (event.type === 'CustomerErased') return entry && erasedEntry(entry);
    if (!entry && event.type !== 'OrderPlaced') return entry;
    const timeline = [...(entry?.timeline ?? []), timelineEntryOf(event)];
    if (!isOrderEvent(event)) return entry && { ...entry, timeline };
    const folded = foldOrder(
      entry && {
        customerId: entry.customerId,
        idempotencyKey: entry.idempotencyKey,
        heldFrom: entry.heldFrom,
        view: entry.order,
      },
      event,
    );
    if (!folded) return entry;
    const { customerId, idempotencyKey, heldFrom, view } = folded;
    const customerEmail = entry?.customerEmail ?? event.metadata.actor.email.toLowerCase();
    return {
      id: view.orderId,
      customerId,
      customerEmail,
      idempotencyKey,
      kind: orderKindOf(view),
      heldFrom,
      order: view,
      backorderedUnits: backorderedUnitsOf(view),
      timeline,
      searchText: deskSearchText(view, customerEmail),
    };
  },
};

/**
 * The entry once its customer was erased, as a rebuild through the personal-data store would make it:
 * the customer reads as the erased customer in the order, the email filter and the timeline's actors,
 * and the PO number and staff's reasons are blank in the order and the timeline's words.
 */
function erasedEntry(entry: OrderDeskEntry): Omit<OrderDeskEntry, '_position'> {
  const erasedActor = (actor: TimelineEntry['actor']) =>
    actor.kind === 'customer' && actor.id === entry.customerId ? { ...actor, email: ERASED_CUSTOMER.email } : actor;
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

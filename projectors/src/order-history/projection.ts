import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { orderEventTypes, type OrderEvent } from '@labshop/shared/events/orders';
import type { OrderView } from '@labshop/shared/queries/orders';
import { foldOrder, orderKindOf, type HeldFromStatus } from '@labshop/shared/orders/fold-order';
import { eraseOrderView } from '@labshop/shared/orders/erase-order-view';
import type { Projection, ProjectionDocuments } from '../projection.ts';

/**
 * One document per order, for My Orders and My Quotes: the customer's orders are found by `customerId`
 * and `kind`, newest first by `placedAt`. `order` is the OrderView as the command API's fold makes it,
 * so what a customer reads is what the decisions were made on.
 */
export interface OrderHistoryEntry extends StoredDocument {
  customerId: string;
  idempotencyKey: string;
  /** 'quote' once a quote was requested instead of a purchase order, until it is accepted (then it is an order). */
  kind: 'order' | 'quote';
  placedAt: string;
  /** What releasing a hold returns the order to (the fold's own bookkeeping). */
  heldFrom: HeldFromStatus | null;
  order: OrderView;
}

const isOrderEvent = (event: RecordedEvent): event is RecordedEvent & OrderEvent => (orderEventTypes as readonly string[]).includes(event.type);

export const orderHistory: Projection<OrderHistoryEntry> = {
  name: 'order-history',
  // 2: the order desk's statuses, shipment, cancellation, paidAt and version in the OrderView; 3: its invoices;
  // 4: staff quotes and credit notes.
  version: 4,
  indexedFields: ['customerId', 'kind'],

  documentIds(event, documents) {
    if (event.type === 'CustomerErased') return idsOfCustomer(documents, event);
    return isOrderEvent(event) ? [event.data.orderId] : [];
  },

  project(entry, event) {
    if (event.type === 'CustomerErased') return entry && { ...entry, order: eraseOrderView(entry.order) };
    if (!isOrderEvent(event)) return entry;
    const folded = foldOrder(entry && { customerId: entry.customerId, idempotencyKey: entry.idempotencyKey, heldFrom: entry.heldFrom, view: entry.order }, event);
    if (!folded) return entry;
    const { customerId, idempotencyKey, heldFrom, view } = folded;
    return { id: view.orderId, customerId, idempotencyKey, kind: orderKindOf(view), placedAt: view.placedAt, heldFrom, order: view };
  },
};

/** The documents of the customer a CustomerErased names (any model keyed by order with a `customerId`). */
export async function idsOfCustomer(documents: ProjectionDocuments<StoredDocument & { customerId: string }>, event: RecordedEvent): Promise<string[]> {
  const { customerId } = event.data as { customerId: string };
  return (await documents.find({ where: { customerId } })).map((document) => document.id);
}

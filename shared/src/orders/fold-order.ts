import type { OrderEvent } from '../events/orders.ts';
import type { OrderStatus, OrderView } from '../queries/orders.ts';
import { exhaustive } from '../exhaustive.ts';

/** An order as its stream folds: what the customer sees, and whose it is. */
export interface FoldedOrder {
  customerId: string;
  idempotencyKey: string;
  view: OrderView;
}

/**
 * The one fold of an order stream: the command API decides from it and the order-history read model
 * stores it, so My Orders shows exactly what the decisions were made on. Events of an order never
 * placed are ignored.
 */
export function foldOrder(order: FoldedOrder | null, event: OrderEvent): FoldedOrder | null {
  switch (event.type) {
    case 'OrderPlaced': {
      const { customerId, idempotencyKey, orderId, orderNumber, placedAt, lines, address, taxExemptNumber, taxState, taxRateBasisPoints, subtotalCents, taxCents, totalCents } = event.data;
      const status: OrderStatus = 'Awaiting payment';
      const view = { orderId, orderNumber, placedAt, status, lines, address, taxExemptNumber, taxState, taxRateBasisPoints, subtotalCents, taxCents, totalCents, payment: null };
      return { customerId, idempotencyKey, view };
    }
    case 'PurchaseOrderSubmitted': {
      if (!order) return order;
      const { company, name, poNumber, cardType, cardLast4 } = event.data;
      return { ...order, view: { ...order.view, status: 'PO received', payment: { kind: 'purchase-order', company, name, poNumber, cardType, cardLast4 } } };
    }
    case 'QuoteRequested': {
      if (!order) return order;
      const { company, name, poNumber } = event.data;
      return { ...order, view: { ...order.view, status: 'Quote requested', payment: { kind: 'quote', company, name, poNumber } } };
    }
    default:
      return exhaustive(event);
  }
}

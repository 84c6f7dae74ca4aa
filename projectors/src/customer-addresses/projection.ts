import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import type { OrderAddress, OrderEvent } from '@labshop/shared/events/orders';
import type { Projection } from '../projection.ts';

/** One document per customer: the address of their latest order, which checkout offers next time. */
export interface CustomerAddress extends StoredDocument {
  customerId: string;
  address: OrderAddress;
  taxExemptNumber: string | null;
  orderId: string;
  placedAt: string;
}

type OrderPlaced = Extract<OrderEvent, { type: 'OrderPlaced' }>;

const isOrderPlaced = (event: RecordedEvent): event is RecordedEvent & OrderPlaced => event.type === 'OrderPlaced';

export const customerAddresses: Projection<CustomerAddress> = {
  name: 'customer-addresses',
  version: 1,

  documentIds(event) {
    return isOrderPlaced(event) ? [event.data.customerId] : [];
  },

  project(latest, event) {
    if (!isOrderPlaced(event)) return latest;
    const { customerId, address, taxExemptNumber, orderId, placedAt } = event.data;
    // Events arrive in the order they happened, so the order being projected is the newest.
    return { id: customerId, customerId, address, taxExemptNumber, orderId, placedAt };
  },
};

import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { OrderEvent } from '@labshop/contracts/orders/events';
import type { CustomerEvent } from '@labshop/contracts/customers/events';
import { customerAddressesReadModel, type CustomerAddress } from '@labshop/contracts/orders/queries';
import type { Projection } from '@labshop/platform/read-store/projection';

type OrderPlaced = Extract<OrderEvent, { type: 'OrderPlaced' }>;

type CustomerErased = Extract<CustomerEvent, { type: 'CustomerErased' }>;

const isOrderPlaced = (event: RecordedEvent): event is RecordedEvent & OrderPlaced => event.type === 'OrderPlaced';
const isCustomerErased = (event: RecordedEvent): event is RecordedEvent & CustomerErased =>
  event.type === 'CustomerErased';

export const customerAddresses: Projection<CustomerAddress> = {
  ...customerAddressesReadModel,
  version: 1,

  documentIds(event) {
    return isOrderPlaced(event) || isCustomerErased(event) ? [event.data.customerId] : [];
  },

  project(latest, event) {
    // An erased customer has no address to offer.
    if (isCustomerErased(event)) return null;
    if (!isOrderPlaced(event)) return latest;
    const { customerId, address, billingAddress, taxExemptNumber, orderId, placedAt } = event.data;
    // Events arrive in the order they happened, so the order being projected is the newest.
    return {
      id: customerId,
      customerId,
      address,
      billingAddress: billingAddress ?? null,
      taxExemptNumber,
      orderId,
      placedAt,
    };
  },
};

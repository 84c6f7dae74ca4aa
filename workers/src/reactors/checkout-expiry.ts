import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { OrderPlacedData } from '@labshop/contracts/orders/events';
import { expireCheckoutJob } from '../jobs/expire-checkout.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

/** Every placed order gets a job that runs 7 days later and cancels it if it is still awaiting payment. */
export const checkoutExpiryReactor: Reactor = {
  name: 'checkout-expiry',
  eventTypes: ['OrderPlaced'],
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const { orderId, placedAt } = recorded.data as OrderPlacedData;
    return [
      expireCheckoutJob(
        { orderId, causationId: recorded.id, correlationId: recorded.metadata.correlationId },
        placedAt,
      ),
    ];
  },
};

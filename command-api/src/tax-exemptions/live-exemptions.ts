import type { EventStore } from '@labshop/platform/event-store/port';
import {
  followerPerStore,
  followInMemory,
  StreamFolds,
  type Followed,
  type FollowedEvent,
} from '@labshop/platform/event-store/followed-in-memory';
import { CUSTOMER_ERASED } from '@labshop/platform/event-store/personal-data/personal-data-event-store';
import {
  taxExemptionEventTypes,
  taxExemptionStream,
  type TaxExemptionEvent,
} from '@labshop/contracts/tax/exemptions-events';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { TaxExemption } from '@labshop/contracts/orders/tax-exemption';
import { taxExemptionDecider } from './decider.ts';

interface LiveExemptions extends Followed {
  exemptionOf(customerId: string): TaxExemption | null;
}

const FOLLOWED = [...taxExemptionEventTypes, CUSTOMER_ERASED];
const isTaxExemptionEvent = eventGuard<TaxExemptionEvent>(taxExemptionEventTypes);

function startLiveExemptions(store: EventStore): LiveExemptions {
  const exemptions = new StreamFolds<TaxExemption | null, TaxExemptionEvent>(taxExemptionDecider);

  function apply(event: FollowedEvent, inOrder: boolean) {
    if (event.type === CUSTOMER_ERASED) {
      // The certificate's number is personal data: none is kept for an erased customer (who places no more orders).
      exemptions.forget(taxExemptionStream((event.data as { customerId: string }).customerId));
      return;
    }
    if (isTaxExemptionEvent(event)) exemptions.apply(event, inOrder);
  }

  const followed = followInMemory(store, FOLLOWED, apply);
  return {
    ready: followed.ready,
    exemptionOf: (customerId) => exemptions.state(taxExemptionStream(customerId)),
  };
}

const liveExemptions = followerPerStore(startLiveExemptions);

/**
 * Starts following the store's exemption events unless it already does (the order routes call it when they are
 * registered, so no placement waits for the first read, and the fold's first read is no request's).
 */
export function followTaxExemptions(store: EventStore): Promise<void> {
  return liveExemptions(store).ready();
}

/**
 * The customer's tax exemption certificate as folded in memory now (no read per order; `followInMemory`): a
 * certificate filed, verified or rejected through this process holds for the very next order, one decided through
 * another instance within the runtime's lag, as the catalogue (catalogue/live-catalogue.ts).
 */
export async function currentTaxExemption(store: EventStore, customerId: string): Promise<TaxExemption | null> {
  const live = liveExemptions(store);
  await live.ready();
  return live.exemptionOf(customerId);
}

import type { EventStore, Position } from '@labshop/platform/event-store/port';
import { START } from '@labshop/platform/event-store/port';
import { onLocalAppends, type LocallyAppended } from '@labshop/platform/event-store/local-appends';
import { CUSTOMER_ERASED } from '@labshop/platform/event-store/personal-data/personal-data-event-store';
import {
  taxExemptionEventTypes,
  taxExemptionStream,
  type TaxExemptionEvent,
} from '@labshop/contracts/tax/exemptions-events';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { TaxExemption } from '@labshop/contracts/orders/tax-exemption';
import { taxExemptionDecider } from './decider.ts';

interface Folded {
  state: TaxExemption | null;
  revision: number;
}

interface LiveExemptions {
  ready: Promise<void>;
  /** The subscription ended (its store closed, or a batch failed): the next caller starts a new one. */
  ended: boolean;
  exemptionOf(customerId: string): TaxExemption | null;
}

const FOLLOWED = [...taxExemptionEventTypes, CUSTOMER_ERASED];
const isTaxExemptionEvent = eventGuard<TaxExemptionEvent>(taxExemptionEventTypes);

function startLiveExemptions(store: EventStore): LiveExemptions {
  const exemptions = new Map<string, Folded>();
  let checkpoint: Position = START;

  /** Folds the event into its stream's state if it is the stream's next one; `inOrder` (a subscription's) also takes one past a gap. */
  function apply(event: Pick<LocallyAppended, 'type' | 'stream' | 'revision' | 'data'>, inOrder: boolean) {
    if (event.type === CUSTOMER_ERASED) {
      // The certificate's number is personal data: none is kept for an erased customer (who places no more orders).
      exemptions.delete(taxExemptionStream((event.data as { customerId: string }).customerId));
      return;
    }
    if (!isTaxExemptionEvent(event)) return;
    const folded = exemptions.get(event.stream);
    const revision = folded?.revision ?? -1;
    if (inOrder ? event.revision <= revision : event.revision !== revision + 1) return;
    exemptions.set(event.stream, {
      state: taxExemptionDecider.evolve(folded?.state ?? null, event as TaxExemptionEvent),
      revision: event.revision,
    });
  }

  let stopListening = () => {};
  const live: LiveExemptions = {
    ended: false,
    ready: (async () => {
      // Listening before the first read (this part runs at once); a store that does not tell of its appends fails `ready`.
      stopListening = onLocalAppends(store, (events) => events.forEach((event) => apply(event, false)));
      for await (const event of store.readAll({ types: FOLLOWED })) {
        apply(event, true);
        checkpoint = event.position;
      }
    })(),
    exemptionOf: (customerId) => exemptions.get(taxExemptionStream(customerId))?.state ?? null,
  };
  const end = () => {
    live.ended = true;
    stopListening();
  };
  live.ready.then(() => {
    const subscription = store.subscribe({ after: checkpoint, types: FOLLOWED }, async (events) => {
      for (const event of events) apply(event, true);
    });
    subscription.done.then(end, end);
  }, end);
  return live;
}

// One per event store, so the checkout shares it without wiring.
const liveByStore = new WeakMap<EventStore, LiveExemptions>();

/**
 * Starts following the store's exemption events unless it already does (the order routes call it when they are
 * registered, so no placement waits for the first read, and the subscription is no request's).
 */
export function followTaxExemptions(store: EventStore): Promise<void> {
  let live = liveByStore.get(store);
  if (!live || live.ended) {
    live = startLiveExemptions(store);
    liveByStore.set(store, live);
  }
  return live.ready;
}

/**
 * The customer's tax exemption certificate as folded in memory now (no read per order): every exemption event
 * read before the first answer, then kept current by a subscription to them, and by this process's own
 * appends the moment they commit (event-store/local-appends.ts), as the catalogue is (catalogue/live-catalogue.ts).
 * A certificate filed, verified or rejected through this process holds for the very next order; one decided
 * through another instance holds here within the subscription's lag. The subscription ends with its store;
 * a failed one is started again by the next caller.
 */
export async function currentTaxExemption(store: EventStore, customerId: string): Promise<TaxExemption | null> {
  await followTaxExemptions(store);
  return liveByStore.get(store)!.exemptionOf(customerId);
}

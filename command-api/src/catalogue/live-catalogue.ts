import type { EventStore, Position } from '@labshop/platform/event-store/port';
import { START } from '@labshop/platform/event-store/port';
import { onLocalAppends, type LocallyAppended } from '@labshop/platform/event-store/local-appends';
import {
  anyCatalogueEventTypes,
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type AnyCatalogueEvent,
  type CatalogueEvent,
  type ProductStreamEvent,
  type SubproductStreamEvent,
} from '@labshop/contracts/catalogue/events';
import { eventGuard } from '@labshop/contracts/every-event-type';
import { catalogueDecider, type CatalogueState } from './decider.ts';
import { productStreamDecider, type ProductStreamState } from './subproducts/decider.ts';
import { subproductStreamDecider, type SubproductStreamState } from './details/decider.ts';

/** A subproduct stream's details plus its product id (every event names it), so its parents can be checked. */
export interface SubproductListing {
  productId: string | null;
  details: SubproductStreamState;
}

const subproductListing = {
  initialState: (): SubproductListing => ({ productId: null, details: subproductStreamDecider.initialState() }),
  evolve: (listing: SubproductListing, event: SubproductStreamEvent): SubproductListing => ({
    productId: listing.productId ?? event.data.productId,
    details: subproductStreamDecider.evolve(listing.details, event),
  }),
};

/** The catalogue's three levels as folded now: the catalogue stream, each product's and each subproduct's stream. */
export interface CatalogueNow {
  catalogue(): CatalogueState;
  product(productId: string): ProductStreamState;
  subproduct(subproductId: string): SubproductListing;
  /** Reads on from the log what the fold has not yet seen of a subproduct's streams (its own, its product's, the catalogue's). */
  catchUp(subproductId: string): Promise<void>;
}

interface Folded<State> {
  state: State;
  revision: number;
}

interface LiveCatalogue extends CatalogueNow {
  ready: Promise<void>;
  /** The subscription ended (its store closed, or a batch failed): the next caller starts a new one. */
  ended: boolean;
}

const isCatalogueEvent = eventGuard<AnyCatalogueEvent>(anyCatalogueEventTypes);

function startLiveCatalogue(store: EventStore): LiveCatalogue {
  let catalogue: Folded<CatalogueState> = { state: catalogueDecider.initialState(), revision: -1 };
  const products = new Map<string, Folded<ProductStreamState>>();
  const subproducts = new Map<string, Folded<SubproductListing>>();
  let checkpoint: Position = START;

  /** Folds the event into its stream's state if it is the stream's next one; `inOrder` (a subscription's) also takes one past a gap of other types. */
  function apply(event: Pick<LocallyAppended, 'type' | 'stream' | 'revision' | 'data'>, inOrder: boolean) {
    if (!isCatalogueEvent(event)) return;
    const next = (folded: Folded<unknown> | undefined) =>
      inOrder ? event.revision > (folded?.revision ?? -1) : event.revision === (folded?.revision ?? -1) + 1;
    if (event.stream === CATALOGUE_STREAM) {
      if (next(catalogue))
        catalogue = {
          state: catalogueDecider.evolve(catalogue.state, event as CatalogueEvent),
          revision: event.revision,
        };
    } else if (event.stream.startsWith('subproduct-')) {
      foldStream<SubproductListing, SubproductStreamEvent>(subproducts, subproductListing);
    } else if (event.stream.startsWith('product-')) {
      foldStream<ProductStreamState, ProductStreamEvent>(products, productStreamDecider);
    }

    /** One product's or subproduct's stream, kept by stream name, folded on from where it stands. */
    function foldStream<S, E>(
      folds: Map<string, Folded<S>>,
      fold: { evolve(state: S, event: E): S; initialState(): S },
    ) {
      const folded = folds.get(event.stream);
      if (next(folded))
        folds.set(event.stream, {
          state: fold.evolve(folded?.state ?? fold.initialState(), event as E),
          revision: event.revision,
        });
    }
  }

  const stopListening = onLocalAppends(store, (events) => events.forEach((event) => apply(event, false)));
  const live: LiveCatalogue = {
    ended: false,
    ready: (async () => {
      for await (const event of store.readAll({ types: anyCatalogueEventTypes })) {
        apply(event, true);
        checkpoint = event.position;
      }
    })(),
    async catchUp(subproductId) {
      const readOn = async (stream: string, revision: number) => {
        for await (const event of store.readStream(stream, { fromRevision: revision + 1 })) apply(event, true);
      };
      const stream = subproductStream(subproductId);
      await readOn(stream, subproducts.get(stream)?.revision ?? -1);
      const productId = subproducts.get(stream)?.state.productId;
      if (!productId) return;
      await Promise.all([
        readOn(productStream(productId), products.get(productStream(productId))?.revision ?? -1),
        readOn(CATALOGUE_STREAM, catalogue.revision),
      ]);
    },
    catalogue: () => catalogue.state,
    product: (productId) => products.get(productStream(productId))?.state ?? productStreamDecider.initialState(),
    subproduct: (subproductId) =>
      subproducts.get(subproductStream(subproductId))?.state ?? subproductListing.initialState(),
  };
  const end = () => {
    live.ended = true;
    stopListening();
  };
  live.ready.then(() => {
    const subscription = store.subscribe({ after: checkpoint, types: anyCatalogueEventTypes }, async (events) => {
      for (const event of events) apply(event, true);
    });
    subscription.done.then(end, end);
  }, end);
  return live;
}

// One live catalogue per event store, so every caller (carts, orders, stock) shares it without wiring.
const liveByStore = new WeakMap<EventStore, LiveCatalogue>();

/**
 * The catalogue in memory (no read per request): folded from every catalogue event before the first answer,
 * then kept current by a subscription, and by this process's own appends the moment they commit
 * (event-store/local-appends.ts), so a price an admin changed through this process holds for the very next
 * add-to-cart; one changed through another instance holds here within the subscription's lag. The
 * subscription ends with its store; a failed one is started again by the next caller.
 */
export async function catalogueNow(store: EventStore): Promise<CatalogueNow> {
  let live = liveByStore.get(store);
  if (!live || live.ended) {
    live = startLiveCatalogue(store);
    liveByStore.set(store, live);
  }
  await live.ready;
  return live;
}

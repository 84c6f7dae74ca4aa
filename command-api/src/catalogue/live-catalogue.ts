import type { EventStore } from '@labshop/platform/event-store/port';
import {
  followerPerStore,
  followInMemory,
  type Followed,
  type FollowedEvent,
} from '@labshop/platform/event-store/followed-in-memory';
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

interface LiveCatalogue extends CatalogueNow, Followed {}

const isCatalogueEvent = eventGuard<AnyCatalogueEvent>(anyCatalogueEventTypes);

function startLiveCatalogue(store: EventStore): LiveCatalogue {
  let catalogue: Folded<CatalogueState> = { state: catalogueDecider.initialState(), revision: -1 };
  const products = new Map<string, Folded<ProductStreamState>>();
  const subproducts = new Map<string, Folded<SubproductListing>>();

  /** Folds the event into its stream's state if it is the stream's next one; `inOrder` (a subscription's) also takes one past a gap of other types. */
  function apply(event: FollowedEvent, inOrder: boolean) {
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

  const followed = followInMemory(store, anyCatalogueEventTypes, apply);
  return {
    ready: followed.ready,
    get ended() {
      return followed.ended;
    },
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
}

const liveCatalogue = followerPerStore(startLiveCatalogue);

/**
 * The catalogue in memory (no read per request; `followInMemory`), shared by every caller (carts, orders, stock): a
 * price an admin changed through this process holds for the very next add-to-cart; one changed through another
 * instance holds here within the subscription's lag.
 */
export async function catalogueNow(store: EventStore): Promise<CatalogueNow> {
  const live = liveCatalogue(store);
  await live.ready;
  return live;
}

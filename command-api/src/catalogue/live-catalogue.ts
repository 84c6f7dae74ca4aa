import type { EventStore } from '@labshop/platform/event-store/port';
import {
  followerPerStore,
  followInMemory,
  StreamFolds,
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

interface LiveCatalogue extends CatalogueNow, Followed {}

const isCatalogueEvent = eventGuard<AnyCatalogueEvent>(anyCatalogueEventTypes);

function startLiveCatalogue(store: EventStore): LiveCatalogue {
  const catalogue = new StreamFolds<CatalogueState, CatalogueEvent>(catalogueDecider);
  const products = new StreamFolds<ProductStreamState, ProductStreamEvent>(productStreamDecider);
  const subproducts = new StreamFolds<SubproductListing, SubproductStreamEvent>(subproductListing);

  function apply(event: FollowedEvent, inOrder: boolean) {
    if (!isCatalogueEvent(event)) return;
    if (event.stream === CATALOGUE_STREAM) catalogue.apply(event, inOrder);
    else if (event.stream.startsWith('subproduct-')) subproducts.apply(event, inOrder);
    else if (event.stream.startsWith('product-')) products.apply(event, inOrder);
  }

  const followed = followInMemory(store, anyCatalogueEventTypes, apply);
  return {
    ready: followed.ready,
    async catchUp(subproductId) {
      const readOn = async (stream: string, revision: number) => {
        for await (const event of store.readStream(stream, { fromRevision: revision + 1 })) apply(event, true);
      };
      const stream = subproductStream(subproductId);
      await readOn(stream, subproducts.revision(stream));
      const { productId } = subproducts.state(stream);
      if (!productId) return;
      await Promise.all([
        readOn(productStream(productId), products.revision(productStream(productId))),
        readOn(CATALOGUE_STREAM, catalogue.revision(CATALOGUE_STREAM)),
      ]);
    },
    catalogue: () => catalogue.state(CATALOGUE_STREAM),
    product: (productId) => products.state(productStream(productId)),
    subproduct: (subproductId) => subproducts.state(subproductStream(subproductId)),
  };
}

const liveCatalogue = followerPerStore(startLiveCatalogue);

/**
 * The catalogue in memory (no read per request; `followInMemory`), shared by every caller (carts, orders, stock): a
 * price an admin changed through this process holds for the very next add-to-cart; one changed through another
 * instance holds here within the runtime's lag.
 */
export async function catalogueNow(store: EventStore): Promise<CatalogueNow> {
  const live = liveCatalogue(store);
  await live.ready();
  return live;
}

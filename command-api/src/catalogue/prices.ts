import type { EventStore } from '@labshop/shared/event-store/port';
import { CATALOGUE_STREAM, productStream, subproductStream, type SubproductStreamEvent } from '@labshop/shared/events/catalogue';
import type { CartLineSnapshot } from '@labshop/shared/events/carts';
import { productDetailPath } from '@labshop/shared/carts/product-path';
import { DomainError } from '@labshop/shared/domain-error';
import { discountedCents } from '@labshop/shared/money';
import { catalogueDecider, type CatalogueState } from './decider.ts';
import { productStreamDecider, type ProductStreamState } from './subproducts/decider.ts';
import { subproductStreamDecider, type SubproductStreamState } from './details/decider.ts';
import { createStreamFoldCache, type StreamFoldCache } from '@labshop/shared/deciders/stream-fold-cache';

/** One sellable option: a detail (packSize null, only when it has no price tiers) or one of its price tiers. */
export interface OfferRef {
  subproductId: string;
  detailId: string;
  packSize: string | null;
}

/** What the catalogue sells an option for right now, with what a cart line or an order line shows of it. */
export interface CurrentOffer extends CartLineSnapshot {
  detailId: string;
  packSize: string | null;
  /** The selling price: listPriceCents less discountPercent, to the cent. */
  unitPriceCents: number;
  inStock: boolean;
}

export const NO_LONGER_AVAILABLE = 'This product is no longer available';
/** The spec's message for an option missing on a detail that has price tiers. */
export const SELECT_PRICE_OPTION = 'Please select a price option first!';

/** A subproduct stream's details plus its product id (every event names it), so its parents can be checked. */
interface SubproductListing {
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

interface CatalogueFolds {
  catalogue: StreamFoldCache<CatalogueState>;
  products: StreamFoldCache<ProductStreamState>;
  subproducts: StreamFoldCache<SubproductListing>;
  /** A subproduct never moves to another product, so once known its three streams are read at the same time. */
  productOfSubproduct: Map<string, string>;
}

const MAX_SUBPRODUCTS = 10_000;

// One set of caches per event store, so every caller (carts, orders) shares them without wiring.
const foldsByStore = new WeakMap<EventStore, CatalogueFolds>();

function catalogueFoldsOf(store: EventStore): CatalogueFolds {
  let folds = foldsByStore.get(store);
  if (!folds) {
    folds = {
      catalogue: createStreamFoldCache(store, catalogueDecider, { maxStreams: 1 }),
      products: createStreamFoldCache(store, productStreamDecider, { maxStreams: 1_000 }),
      subproducts: createStreamFoldCache(store, subproductListing, { maxStreams: MAX_SUBPRODUCTS }),
      productOfSubproduct: new Map(),
    };
    foldsByStore.set(store, folds);
  }
  return folds;
}

/**
 * The option's price and description folded from the catalogue's streams at this moment (never from a
 * read model), or null when it is not sold: detail, subproduct or product hidden or deleted, or the
 * pack size no longer among the tiers. Each stream costs one read of its events newer than the cache.
 * Refuses (DomainError) a missing pack size on a detail that has tiers: that is the caller's mistake.
 */
export async function findCurrentOffer(store: EventStore, ref: OfferRef): Promise<CurrentOffer | null> {
  const folds = catalogueFoldsOf(store);
  const knownProductId = folds.productOfSubproduct.get(ref.subproductId);
  const [subproduct, knownProduct, catalogue] = await Promise.all([
    folds.subproducts.fold(subproductStream(ref.subproductId)),
    knownProductId === undefined ? null : folds.products.fold(productStream(knownProductId)),
    folds.catalogue.fold(CATALOGUE_STREAM),
  ]);
  const { productId } = subproduct.state;
  if (productId === null) return null;
  if (knownProductId === undefined) {
    if (folds.productOfSubproduct.size >= MAX_SUBPRODUCTS) folds.productOfSubproduct.clear();
    folds.productOfSubproduct.set(ref.subproductId, productId);
  }
  const product = knownProduct ?? (await folds.products.fold(productStream(productId)));
  return offerFrom(ref, { productId, catalogue: catalogue.state, product: product.state, subproduct: subproduct.state });
}

interface FoldedParents {
  productId: string;
  catalogue: CatalogueState;
  product: ProductStreamState;
  subproduct: SubproductListing;
}

function offerFrom(ref: OfferRef, { productId, catalogue, product, subproduct }: FoldedParents): CurrentOffer | null {
  const listedProduct = catalogue.products[productId];
  const listedSubproduct = product.subproducts[ref.subproductId];
  const detail = subproduct.details.details[ref.detailId];
  if (!listedProduct?.visible || !listedSubproduct?.visible || !detail?.visible) return null;

  const { fields } = detail;
  if (ref.packSize === null && fields.priceTiers.length > 0) throw new DomainError('invalid', SELECT_PRICE_OPTION, { packSize: SELECT_PRICE_OPTION });
  const tier = ref.packSize === null ? null : fields.priceTiers.find((candidate) => candidate.packSize === ref.packSize);
  if (tier === undefined) return null;

  const listPriceCents = tier?.priceCents ?? fields.priceCents;
  return {
    detailId: ref.detailId,
    packSize: ref.packSize,
    subproductId: ref.subproductId,
    unitPriceCents: discountedCents(listPriceCents, fields.addPercentage),
    listPriceCents,
    discountPercent: fields.addPercentage,
    catalogNumber: tier?.catalogNumber || fields.catalogNumber,
    innerPackageId: fields.innerPackageId,
    productName: listedSubproduct.name,
    productType: fields.productType,
    imageUrl: detail.files.image ? `/content/${detail.files.image.name}` : null,
    productPath: productDetailPath(ref.detailId, fields.productType),
    inStock: fields.quantity >= 1,
  };
}

/** As findCurrentOffer, refusing with 'This product is no longer available' when it is not sold. */
export async function currentOffer(store: EventStore, ref: OfferRef): Promise<CurrentOffer> {
  const offer = await findCurrentOffer(store, ref);
  if (!offer) throw new DomainError('not_found', NO_LONGER_AVAILABLE);
  return offer;
}

/** The admin's count of a detail's units in the catalogue manager now (0 for a detail deleted since). */
export async function catalogueQuantity(store: EventStore, ref: Pick<OfferRef, 'subproductId' | 'detailId'>): Promise<number> {
  const subproduct = await catalogueFoldsOf(store).subproducts.fold(subproductStream(ref.subproductId));
  return subproduct.state.details.details[ref.detailId]?.fields.quantity ?? 0;
}

/** Whether the catalogue manager flagged the detail "ships on dry ice" now (false for a detail deleted since). */
export async function shipsOnDryIce(store: EventStore, ref: Pick<OfferRef, 'subproductId' | 'detailId'>): Promise<boolean> {
  const subproduct = await catalogueFoldsOf(store).subproducts.fold(subproductStream(ref.subproductId));
  return subproduct.state.details.details[ref.detailId]?.fields.shipsOnDryIce ?? false;
}

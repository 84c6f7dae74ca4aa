import type { EventStore } from '@labshop/platform/event-store/port';
import type { CartLineSnapshot } from '@labshop/contracts/carts/events';
import { productDetailPath } from '@labshop/contracts/carts/product-path';
import { DomainError } from '@labshop/contracts/domain-error';
import { discountedCents } from '@labshop/contracts/money';
import { optionCatalogNumber, SELECT_PRICE_OPTION, tierIndexOf } from '@labshop/contracts/catalogue/offer-option';
import { isInStock } from '@labshop/contracts/stock/stock-words';
import type { CatalogueState } from './decider.ts';
import type { ProductStreamState } from './subproducts/decider.ts';
import { catalogueNow, type CatalogueNow, type SubproductListing } from './live-catalogue.ts';

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

/**
 * The option's price and description from the catalogue as folded in memory now (live-catalogue.ts: never a
 * read model, and no read per request), or null when it is not sold: detail, subproduct or product hidden or
 * deleted, or the pack size no longer among the tiers.
 * Refuses (DomainError) a missing pack size on a detail that has tiers: that is the caller's mistake.
 */
export async function findCurrentOffer(store: EventStore, ref: OfferRef): Promise<CurrentOffer | null> {
  const now = await catalogueNow(store);
  const offer = offerNow(now, ref);
  if (offer) return offer;
  // Not sold as folded: confirm from the log, since the fold may not have seen a detail created a moment ago
  // (in another process, or behind a long transaction when it was warmed). Only a refusal costs the reads.
  await now.catchUp(ref.subproductId);
  return offerNow(now, ref);
}

function offerNow(now: CatalogueNow, ref: OfferRef): CurrentOffer | null {
  const subproduct = now.subproduct(ref.subproductId);
  const { productId } = subproduct;
  if (productId === null) return null;
  return offerFrom(ref, { productId, catalogue: now.catalogue(), product: now.product(productId), subproduct });
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
  if (ref.packSize === null && fields.priceTiers.length > 0)
    throw new DomainError('invalid', SELECT_PRICE_OPTION, { packSize: SELECT_PRICE_OPTION });
  const tier = fields.priceTiers[tierIndexOf(fields.priceTiers, ref.packSize)];
  if (ref.packSize !== null && tier === undefined) return null;

  const listPriceCents = tier?.priceCents ?? fields.priceCents;
  return {
    detailId: ref.detailId,
    packSize: ref.packSize,
    subproductId: ref.subproductId,
    unitPriceCents: discountedCents(listPriceCents, fields.addPercentage),
    listPriceCents,
    discountPercent: fields.addPercentage,
    catalogNumber: optionCatalogNumber(fields.catalogNumber, tier),
    innerPackageId: fields.innerPackageId,
    productName: listedSubproduct.name,
    productType: fields.productType,
    imageUrl: detail.files.image ? `/content/${detail.files.image.name}` : null,
    productPath: productDetailPath(ref.detailId, fields.productType),
    inStock: isInStock(fields.quantity),
  };
}

/** As findCurrentOffer, refusing with 'This product is no longer available' when it is not sold. */
export async function currentOffer(store: EventStore, ref: OfferRef): Promise<CurrentOffer> {
  const offer = await findCurrentOffer(store, ref);
  if (!offer) throw new DomainError('not_found', NO_LONGER_AVAILABLE);
  return offer;
}

/** The admin's count of a detail's units in the catalogue manager now (0 for a detail deleted since). */
export async function catalogueQuantity(
  store: EventStore,
  ref: Pick<OfferRef, 'subproductId' | 'detailId'>,
): Promise<number> {
  return (await catalogueNow(store)).subproduct(ref.subproductId).details.details[ref.detailId]?.fields.quantity ?? 0;
}

/** Whether the catalogue manager flagged the detail "ships on dry ice" now (false for a detail deleted since). */
export async function shipsOnDryIce(
  store: EventStore,
  ref: Pick<OfferRef, 'subproductId' | 'detailId'>,
): Promise<boolean> {
  return (
    (await catalogueNow(store)).subproduct(ref.subproductId).details.details[ref.detailId]?.fields.shipsOnDryIce ??
    false
  );
}

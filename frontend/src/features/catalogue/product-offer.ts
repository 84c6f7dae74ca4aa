import { productDetailPath } from '@labshop/contracts/carts/product-path';
import { optionCatalogNumber, SELECT_PRICE_OPTION, tierIndexOf } from '@labshop/contracts/catalogue/offer-option';
import { isInStock, OUT_OF_STOCK } from '@labshop/contracts/stock/stock-words';
import type { CartItem } from '@/lib/cart-item.ts';
import type { Price } from '@/lib/catalogue-shapes.ts';
import type { ProductDetail } from './api/get-product-detail.ts';

/** What the detail page shows and would put in the cart: the detail itself, or the pack-size option chosen. */
export interface ProductOffer {
  productType: string;
  /** null for a detail without pack-size options (the detail itself has no pack size). */
  packSize: string | null;
  catalogNumber: string;
  price: Price;
}

/**
 * The option shown when the page opens: the first pack size, when there are any, so the price on screen is the
 * one Add to cart adds (QA: a price was shown, yet adding asked for an option first).
 */
/** The pack size asked for (Buy it again names the one bought) when the detail still has it, else the first; null without tiers. */
export function initialTierIndex(detail: ProductDetail, packSize: string | null = null): number | null {
  if (detail.priceTiers.length === 0) return null;
  const asked = tierIndexOf(detail.priceTiers, packSize);
  return asked >= 0 ? asked : 0;
}

/**
 * A chosen option replaces price, pack size and catalogue number. The product type stays the type: a tier's
 * description is the product's full name, shown next to the option, not in the type's place.
 */
export function offerFor(detail: ProductDetail, tierIndex: number | null): ProductOffer {
  const tier = tierIndex === null ? undefined : detail.priceTiers[tierIndex];
  if (tier === undefined) {
    return {
      productType: detail.productType,
      packSize: null,
      catalogNumber: detail.catalogNumber,
      price: detail.price,
    };
  }
  return {
    productType: detail.productType,
    packSize: tier.packSize,
    catalogNumber: optionCatalogNumber(detail.catalogNumber, tier),
    price: tier.price,
  };
}

export type AddToCartCheck = { ok: true; offer: ProductOffer; quantity: number } | { ok: false; message: string };

/** The spec's rules before adding: an option must be chosen when options exist, and 1 ≤ quantity ≤ stock. */
export function checkAddToCart(detail: ProductDetail, tierIndex: number | null, quantity: number): AddToCartCheck {
  if (!isInStock(detail.quantity)) return { ok: false, message: OUT_OF_STOCK };
  if (detail.priceTiers.length > 0 && (tierIndex === null || detail.priceTiers[tierIndex] === undefined)) {
    return { ok: false, message: SELECT_PRICE_OPTION };
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > detail.quantity) {
    return { ok: false, message: `Choose a quantity from 1 to ${detail.quantity}.` };
  }
  return { ok: true, offer: offerFor(detail, tierIndex), quantity };
}

/** What Add to cart hands to the cart: the option as shown; the server prices it again from the catalogue. */
export function cartItemOffer(detail: ProductDetail, offer: ProductOffer, quantity: number): CartItem {
  return {
    detailId: detail.detailId,
    subproductId: detail.subproduct.subproductId,
    packSize: offer.packSize,
    quantity,
    unitPriceCents: offer.price.cents,
    listPriceCents: offer.price.listCents,
    discountPercent: offer.price.percentOff,
    productName: detail.subproduct.name,
    productType: offer.productType,
    catalogNumber: offer.catalogNumber,
    innerPackageId: detail.innerPackageId,
    imageUrl: detail.image?.url ?? null,
    productPath: productDetailPath(detail.detailId, detail.productType),
  };
}

/** "Request this item" for an out-of-stock detail: a contact message naming it, its option and catalogue number, for the shopper to complete. */
export function itemRequest(detail: ProductDetail, offer: ProductOffer): { subject: string; message: string } {
  const item = [detail.subproduct.name, offer.productType, offer.packSize]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  const catalogNumber = offer.catalogNumber === '' ? '' : ` (Cat. No. ${offer.catalogNumber})`;
  return {
    subject: `Request: ${item}`,
    message: `I would like to request ${item}${catalogNumber}, which is out of stock.\nQuantity: \nNeeded by: `,
  };
}

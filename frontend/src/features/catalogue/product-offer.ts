import type { Price } from '@/lib/catalogue-shapes.ts';
import type { ProductDetail } from './api/get-product-detail.ts';

/** What the detail page shows and would put in the cart: the detail itself, or the pack-size option chosen. */
export interface ProductOffer {
  productType: string;
  /** null until a pack-size option is chosen (the detail itself has no pack size). */
  packSize: string | null;
  catalogNumber: string;
  price: Price;
}

export const selectPriceOptionFirst = 'Please select a price option first!';
export const outOfStockMessage = 'This product is out of stock.';

/** A chosen option replaces price, type (its description, when set), pack size and catalogue number. */
export function offerFor(detail: ProductDetail, tierIndex: number | null): ProductOffer {
  const tier = tierIndex === null ? undefined : detail.priceTiers[tierIndex];
  if (tier === undefined) {
    return { productType: detail.productType, packSize: null, catalogNumber: detail.catalogNumber, price: detail.price };
  }
  return {
    productType: tier.description.trim() === '' ? detail.productType : tier.description,
    packSize: tier.packSize,
    catalogNumber: tier.catalogNumber.trim() === '' ? detail.catalogNumber : tier.catalogNumber,
    price: tier.price,
  };
}

export type AddToCartCheck = { ok: true; offer: ProductOffer; quantity: number } | { ok: false; message: string };

/** The spec's rules before adding: an option must be chosen when options exist, and 1 ≤ quantity ≤ stock. */
export function checkAddToCart(detail: ProductDetail, tierIndex: number | null, quantity: number): AddToCartCheck {
  if (detail.quantity < 1) return { ok: false, message: outOfStockMessage };
  if (detail.priceTiers.length > 0 && (tierIndex === null || detail.priceTiers[tierIndex] === undefined)) {
    return { ok: false, message: selectPriceOptionFirst };
  }
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > detail.quantity) {
    return { ok: false, message: `Choose a quantity from 1 to ${detail.quantity}.` };
  }
  return { ok: true, offer: offerFor(detail, tierIndex), quantity };
}

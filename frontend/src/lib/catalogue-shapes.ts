/**
 * Catalogue shapes the query API answers with and that several storefront features show (catalogue
 * pages, home lists, search results). Money always arrives formatted: the frontend never formats it.
 */

/** Selling price and, when discounted, the list price shown struck through with `percentOff`. */
export interface Price {
  cents: number;
  formatted: string;
  listCents: number;
  listFormatted: string;
  /** 0 = no discount: no strike-through, no label. */
  percentOff: number;
}

/** null → the default-product image. */
export type CatalogueImage = { url: string } | null;

/** A detail as cards, tiles, related lists, home lists and search results show it. */
export interface ListedDetail {
  detailId: string;
  productType: string;
  subproductName: string;
  image: CatalogueImage;
  price: Price;
  /** Stock of at least 1 (spec: In Stock / Out of Stock). */
  inStock: boolean;
}

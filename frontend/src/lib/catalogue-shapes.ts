import type { z } from 'zod';
import type { image, listedDetail, price } from '@labshop/contracts/catalogue/queries';

/**
 * Catalogue shapes the query API answers with and that several storefront features show (catalogue
 * pages, home lists, search results), derived from its response schemas. Money always arrives
 * formatted: the frontend never formats it.
 */

/** Selling price and, when discounted, the list price shown struck through with `percentOff` (0 = none). */
export type Price = z.infer<typeof price>;

/** null → the default-product image. */
export type CatalogueImage = z.infer<typeof image>;

/** A detail as cards, tiles, related lists, home lists and search results show it. */
export type ListedDetail = z.infer<typeof listedDetail>;

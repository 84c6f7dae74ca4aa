/** Spec §9: what the home page shows before the shopper asks for more, and how fast the banner turns. */
export const FEATURED_SHOWN = 4;
export const BEST_SELLERS_SHOWN = 8;
export const BANNER_SLIDES = 4;
export const BANNER_INTERVAL_MS = 3000;
/** On a phone the best sellers start at two rows of two, like the featured products: the page stays a page (QA: 5,275 px at 390 px). */
export const BEST_SELLERS_SHOWN_ON_PHONES = 4;

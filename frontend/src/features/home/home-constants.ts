/** Spec §9: what the home page shows before the shopper asks for more, and how fast the banner turns. */
export const FEATURED_SHOWN = 4;
export const BEST_SELLERS_SHOWN = 8;
export const BANNER_SLIDES = 4;
export const BANNER_INTERVAL_MS = 3000;

/**
 * Query keys shared across features: the back office's commands change what the storefront shows, so
 * its mutations must invalidate storefront queries without importing the storefront feature.
 */
export const queryKeys = {
  catalogueProducts: ['catalogue', 'products'] as const,
  /** Prefix of every admin-only query; dropped from the cache when the admin session ends. */
  admin: ['admin'] as const,
  adminCatalogueProducts: ['admin', 'catalogue', 'products'] as const,
};

/**
 * Query keys shared across features: the back office's commands change what the storefront shows, so
 * its mutations must invalidate storefront queries without importing the storefront feature.
 */
export const queryKeys = {
  /** Prefix of every storefront catalogue query (menu, pages, home lists, search); any catalogue command invalidates it. */
  catalogue: ['catalogue'] as const,
  /** Prefix of every query of the signed-in customer's own data; dropped from the cache when their session ends. */
  account: ['account'] as const,
  /** Prefix of the customer's orders (My Orders pages, one order): placing, paying and repeating invalidate it. */
  accountOrders: ['account', 'orders'] as const,
  /** Prefix of every admin-only query; dropped from the cache when the admin session ends. */
  admin: ['admin'] as const,
  /** The signed-in member: role and permissions (the back office's sidebar). */
  adminSession: ['admin', 'session'] as const,
  /** The back office's dashboard: what needs attention and the sales figures. */
  adminDashboard: ['admin', 'dashboard'] as const,
  adminCatalogueProducts: ['admin', 'catalogue', 'products'] as const,
  /** Prefix of every back-office catalogue query (lists, one product, details, history). */
  adminCatalogue: ['admin', 'catalogue'] as const,
  adminCatalogueProduct: (productId: string) => ['admin', 'catalogue', 'products', productId] as const,
  adminCatalogueDetails: (productId: string, subproductId: string) =>
    ['admin', 'catalogue', 'products', productId, 'subproducts', subproductId, 'details'] as const,
  /** Prefix of the order desk's queries (the filtered lists and each order with its timeline); every staff move invalidates it. */
  adminOrders: ['admin', 'orders'] as const,
  /** Prefix of the audit log's queries (the log, each History panel, time travel). */
  adminAudit: ['admin', 'audit'] as const,
  /** The admin product upload list (its own list, apart from the catalogue). */
  adminProductUploads: ['admin', 'product-uploads'] as const,
  /** Prefix of the blog section panel's queries (the sections, and each section's inner items). */
  adminBlog: ['admin', 'blog'] as const,
  adminBlogPackage: (packageId: string) => ['admin', 'blog', 'packages', packageId] as const,
  /** Prefix of the storefront's service queries (active list, one service); every service command invalidates it. */
  services: ['services'] as const,
  /** The back office's service list. */
  adminServices: ['admin', 'services'] as const,
};

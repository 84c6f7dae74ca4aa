/** The spec's service page address: `/service/<category lower-cased, spaces as hyphens>/<id>` (the API gives the slug). */
export const serviceHref = ({ serviceId, categorySlug }: { serviceId: string; categorySlug: string }) =>
  `/service/${encodeURIComponent(categorySlug)}/${serviceId}`;

export interface ServiceCategoryLink {
  category: string;
  href: string;
}

/**
 * The Services menu and the home list name services by category, each category once (the spec: "the
 * category field of each item, deduplicated"), linking to the first service of it in list order.
 */
export function serviceCategoryLinks(
  services: readonly { serviceId: string; category: string; categorySlug: string }[],
): ServiceCategoryLink[] {
  const links = new Map<string, ServiceCategoryLink>();
  for (const service of services) {
    const key = service.category.trim().toLowerCase();
    if (!links.has(key)) links.set(key, { category: service.category, href: serviceHref(service) });
  }
  return [...links.values()];
}

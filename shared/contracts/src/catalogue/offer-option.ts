/** The two facts that tell one offer of a product from another: the detail's product type and the price tier's pack size. */
export interface OfferFacts {
  productType: string;
  packSize: string | null;
}

/**
 * What a line says it is, after the product's name: the product type, then the pack size, each said once. A pack size
 * that repeats the type (the demo catalogue's single packs, and many an admin's) is not printed twice, and an empty
 * part is left out: '50 tests', '50 tests · 5 x 50 tests', '100 ml'.
 */
export function offerOption({ productType, packSize }: OfferFacts): string {
  const type = productType.trim();
  const pack = packSize?.trim() ?? '';
  const parts = pack === '' || pack.toLowerCase() === type.toLowerCase() ? [type] : [type, pack];
  return parts.filter((part) => part !== '').join(' · ');
}

/** The spec's words for Add to cart without a pack size chosen on a detail that has pack sizes (the page and the API). */
export const SELECT_PRICE_OPTION = 'Please select a price option first!';

/** Where a pack size stands among a detail's price tiers; -1 for null (the detail itself) or a size it no longer has. */
export const tierIndexOf = (tiers: readonly { packSize: string }[], packSize: string | null) =>
  packSize === null ? -1 : tiers.findIndex((tier) => tier.packSize === packSize);

/** An option's catalogue number: its price tier's own, else its detail's (a blank one is none). */
export const optionCatalogNumber = (detailCatalogNumber: string, tier: { catalogNumber: string } | undefined) =>
  tier === undefined || tier.catalogNumber.trim() === '' ? detailCatalogNumber : tier.catalogNumber;

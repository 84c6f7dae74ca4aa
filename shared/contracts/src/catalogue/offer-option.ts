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

/**
 * The storefront URL of a product (detail) page as the spec encodes it:
 * `/product?productname=<b64(encodeURIComponent(productType))>&productid=<b64(detailId)>`.
 * Cart lines and orders carry it so 'View your item' and 'Buy it again' open the product; the name
 * part is cosmetic (the page reads only the id). Same encoding as frontend/src/lib/catalogue-links.ts.
 */
export function productDetailPath(detailId: string, productType: string): string {
  const query = new URLSearchParams({ productname: btoa(encodeURIComponent(productType)), productid: btoa(detailId) });
  return `/product?${query.toString()}`;
}

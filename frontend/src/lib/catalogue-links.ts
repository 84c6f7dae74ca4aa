/**
 * The storefront's catalogue URLs, as the spec encodes them. The API looks everything up by id; the
 * names in these URLs are cosmetic (a stale one still works), so only the ids are ever read back.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Catalogue ids are uuids; anything else in an id position is not a catalogue URL. */
export const isCatalogueId = (value: string | undefined): value is string =>
  value !== undefined && uuidPattern.test(value);

/** Base64 of the UTF-8 bytes, so names outside Latin-1 (btoa's limit) still encode. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Sub-product slug: lower-case with spaces as hyphens. */
export const formattedName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, '-');

/** `/product?productname=<b64(encodeURIComponent(productType))>&productid=<b64(detailId)>` */
export function productDetailHref(detailId: string, productType: string): string {
  const query = new URLSearchParams({ productname: btoa(encodeURIComponent(productType)), productid: btoa(detailId) });
  return `/product?${query.toString()}`;
}

/** The detail id carried by a product-route URL, or null when it is missing or not a catalogue id. */
export function detailIdFromSearch(search: URLSearchParams): string | null {
  const encoded = search.get('productid');
  if (encoded === null) return null;
  try {
    const detailId = atob(encoded);
    return isCatalogueId(detailId) ? detailId : null;
  } catch {
    return null;
  }
}

/** Main product page: `/show-main-product/<b64(name)>/<productId>`; base64 may hold `/`, so the slug is escaped. */
export const mainProductHref = (productId: string, name: string) =>
  `/show-main-product/${encodeURIComponent(base64Utf8(name))}/${productId}`;

/** Sub-product page (the generic grid): `/<formatted-name>/<subproductId>`. */
export const subproductHref = (subproductId: string, name: string) =>
  `/${encodeURIComponent(formattedName(name))}/${subproductId}`;

export const searchResultsHref = (text: string) => `/search?${new URLSearchParams({ q: text }).toString()}`;

/** The query parameter that preselects a pack size on the product page. */
export const PACK_SIZE_PARAM = 'pack';

/** The product page's path with the pack size bought preselected (it already carries its own query). */
export function withPackSize(productPath: string, packSize: string | null): string {
  if (packSize === null) return productPath;
  const url = new URL(productPath, 'http://labshop.invalid');
  url.searchParams.set(PACK_SIZE_PARAM, packSize);
  return `${url.pathname}${url.search}`;
}

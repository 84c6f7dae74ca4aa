import { isInStock } from '@labshop/contracts/stock/stock-words';
import type { z } from 'zod';
import { discountedCents, formatUsd } from '@labshop/contracts/money';
import type { StoredFile } from '@labshop/contracts/catalogue/events';
import type { CatalogueDetail } from '@labshop/contracts/catalogue/read-models';
import { relatedTo, type CatalogueIndex, type ListedDetail } from './catalogue-index.ts';
import type * as schemas from '@labshop/contracts/catalogue/queries';

type Price = z.infer<typeof schemas.price>;
type ListedDetailView = z.infer<typeof schemas.listedDetail>;

export const RELATED_LIMIT = 4;

/** The spec's price maths: selling = list × (1 − percentOff/100); the struck-through original is the list price. */
export function priceOf(listCents: number, percentOff: number): Price {
  const cents = discountedCents(listCents, percentOff);
  return { cents, formatted: formatUsd(cents), listCents, listFormatted: formatUsd(listCents), percentOff };
}

export const contentUrl = (name: string) => `/content/${name}`;
const imageOf = (name: string | null) => (name ? { url: contentUrl(name) } : null);
const documentOf = (file: StoredFile | null) =>
  file && { url: contentUrl(file.name), name: file.originalName, size: file.size };

/**
 * Whether a detail counts as in stock: every card, page and the search's in-stock facet ask this one
 * function, so what "available" means is decided here alone: a unit available, on hand less what orders
 * hold (issue 21), not the admin's count.
 */
export const inStock = (detail: { available: number }) => isInStock(detail.available);

export function listedDetailView(listed: ListedDetail): ListedDetailView {
  const { detail, subproduct } = listed;
  return {
    detailId: detail.detailId,
    productType: detail.productType,
    subproductName: subproduct.name,
    image: imageOf(detail.image),
    price: priceOf(detail.priceCents, detail.addPercentage),
    inStock: inStock(listed),
  };
}

export function menuView(index: CatalogueIndex): z.infer<typeof schemas.menuResponse> {
  return {
    products: index.products.map(({ product, subproducts }) => ({
      productId: product.productId,
      name: product.name,
      subproducts: subproducts.map(({ subproduct }) => ({
        subproductId: subproduct.subproductId,
        name: subproduct.name,
      })),
    })),
  };
}

export function overviewView(index: CatalogueIndex): z.infer<typeof schemas.overviewResponse> {
  return {
    products: index.products.map(({ product, subproducts }) => ({
      productId: product.productId,
      name: product.name,
      description: product.content,
      subproducts: subproducts.map(({ subproduct, details }) => ({
        subproductId: subproduct.subproductId,
        name: subproduct.name,
        details: details.map(({ detail }) => ({ detailId: detail.detailId, productType: detail.productType })),
      })),
    })),
  };
}

/**
 * A main product page introduces the category with the product's own content. The old app (and the spec)
 * took the first detail's contents, which is one SKU's text ("… Catalog number: CC-1001"), not the category's.
 */
export function mainProductView(
  index: CatalogueIndex,
  productId: string,
): z.infer<typeof schemas.mainProductResponse> | null {
  const entry = index.productsById.get(productId);
  if (!entry) return null;
  return {
    productId,
    name: entry.product.name,
    description: entry.product.content,
    subproducts: entry.subproducts.map(({ subproduct, details }) => ({
      subproductId: subproduct.subproductId,
      name: subproduct.name,
      image: imageOf(details.find(({ detail }) => detail.image)?.detail.image ?? null),
      detailCount: details.length,
    })),
  };
}

export function gridView(index: CatalogueIndex, subproductId: string): z.infer<typeof schemas.gridResponse> | null {
  const entry = index.subproductsById.get(subproductId);
  if (!entry) return null;
  return {
    subproductId,
    name: entry.subproduct.name,
    product: { productId: entry.product.productId, name: entry.product.name },
    details: entry.details.map(listedDetailView),
  };
}

/** The product detail page: the full detail document joined with its listed place (names, related). */
export function productDetailView(
  index: CatalogueIndex,
  listed: ListedDetail,
  detail: CatalogueDetail,
): z.infer<typeof schemas.productDetailResponse> {
  return {
    detailId: detail.detailId,
    productType: detail.productType,
    catalogNumber: detail.catalogNumber,
    innerPackageId: detail.innerPackageId,
    productUrl: detail.productUrl,
    product: { productId: listed.product.productId, name: listed.product.name },
    subproduct: { subproductId: listed.subproduct.subproductId, name: listed.subproduct.name },
    // Available: on hand less what orders hold (issue 21), not the admin's count (as inStock).
    quantity: detail.available,
    inStock: inStock(detail),
    price: priceOf(detail.priceCents, detail.addPercentage),
    priceTiers: detail.priceTiers.map((tier) => ({
      packSize: tier.packSize,
      description: tier.description,
      catalogNumber: tier.catalogNumber,
      price: priceOf(tier.priceCents, detail.addPercentage),
    })),
    image: imageOf(detail.files.image?.name ?? null),
    contents: detail.contents,
    documents: {
      manual: documentOf(detail.files.manualPdf),
      flyer: documentOf(detail.files.flyerPdf),
      technicalNotes: documentOf(detail.files.technicalNotesPdf),
    },
    // Details created before the flag existed do not ship on dry ice.
    shipsOnDryIce: detail.shipsOnDryIce === true,
    related: relatedTo(index, listed, RELATED_LIMIT).map(listedDetailView),
  };
}

/** Every featured detail in catalogue order; the storefront shows the first 4 (best sellers: `best-sellers.ts`). */
/** The home page's lists offer what can be bought first: in-stock items, then the rest, each group in its own order. */
export const inStockFirst = <T extends { inStock: boolean }>(items: readonly T[]): T[] => [
  ...items.filter((item) => item.inStock),
  ...items.filter((item) => !item.inStock),
];

export function featuredView(index: CatalogueIndex): z.infer<typeof schemas.homeResponse>['featured'] {
  return inStockFirst(
    index.details
      .filter(({ detail }) => detail.featured)
      .map((listed) => ({ ...listedDetailView(listed), featuredText: listed.detail.featuredText })),
  );
}

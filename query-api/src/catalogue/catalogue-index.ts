import type { CatalogueTree, TreeDetail, TreeSubproduct } from '@labshop/contracts/catalogue/read-models';

/** A detail the storefront may show: it, its subproduct and its product are all visible. */
export interface ListedDetail {
  product: CatalogueTree;
  subproduct: TreeSubproduct;
  detail: TreeDetail;
  /** Units a buyer can have now: on hand less what orders hold (catalogue-details' `available`, issue 21). */
  available: number;
  /** What search results and suggestions show: subproduct name and product type. */
  title: string;
}

export interface StorefrontSubproduct {
  product: CatalogueTree;
  subproduct: TreeSubproduct;
  details: ListedDetail[];
}

/**
 * The storefront's view of the whole catalogue, built once per catalogue-tree checkpoint: only what
 * is visible, in catalogue order (product, then subproduct, then detail display order), with lookups
 * by id. Hidden items and everything under them never enter it.
 */
export interface CatalogueIndex {
  products: { product: CatalogueTree; subproducts: StorefrontSubproduct[] }[];
  productsById: Map<string, CatalogueIndex['products'][number]>;
  subproductsById: Map<string, StorefrontSubproduct>;
  /** Every listed detail in catalogue order. */
  details: ListedDetail[];
  detailsById: Map<string, ListedDetail>;
}

/**
 * `stock`: each detail's catalogue-details document (its `available` units); a detail not in it yet (that model
 * behind the tree) counts its quantity on hand, with nothing reserved.
 */
export function indexCatalogue(
  trees: readonly CatalogueTree[],
  stock: ReadonlyMap<string, { available: number }> = new Map(),
): CatalogueIndex {
  const index: CatalogueIndex = {
    products: [],
    productsById: new Map(),
    subproductsById: new Map(),
    details: [],
    detailsById: new Map(),
  };
  const visibleProducts = trees.filter((product) => product.visible).sort((a, b) => a.displayOrder - b.displayOrder);
  for (const product of visibleProducts) {
    const subproducts = product.subproducts
      .filter((subproduct) => subproduct.visible)
      .map((subproduct) => ({
        product,
        subproduct,
        details: subproduct.details
          .filter((detail) => detail.visible)
          .map((detail) =>
            listed(product, subproduct, detail, stock.get(detail.detailId)?.available ?? detail.quantity),
          ),
      }))
      // Shoppers see a subproduct once it has something to show, and a category once one of its subproducts does.
      .filter((subproduct) => subproduct.details.length > 0);
    if (subproducts.length === 0) continue;
    const entry = { product, subproducts };
    index.products.push(entry);
    index.productsById.set(product.productId, entry);
    for (const subproduct of subproducts) {
      index.subproductsById.set(subproduct.subproduct.subproductId, subproduct);
      for (const detail of subproduct.details) {
        index.details.push(detail);
        index.detailsById.set(detail.detail.detailId, detail);
      }
    }
  }
  return index;
}

function listed(
  product: CatalogueTree,
  subproduct: TreeSubproduct,
  detail: TreeDetail,
  available: number,
): ListedDetail {
  return { product, subproduct, detail, available, title: `${subproduct.name} ${detail.productType}` };
}

/** Other listed details of the same subproduct, then of the same product, in catalogue order. */
export function relatedTo(index: CatalogueIndex, of: ListedDetail, limit: number): ListedDetail[] {
  const product = index.productsById.get(of.product.productId);
  if (!product) return [];
  const groups = [
    index.subproductsById.get(of.subproduct.subproductId)?.details ?? [],
    ...product.subproducts
      .filter((s) => s.subproduct.subproductId !== of.subproduct.subproductId)
      .map((s) => s.details),
  ];
  const related: ListedDetail[] = [];
  for (const group of groups) {
    for (const detail of group) {
      if (related.length >= limit) return related;
      if (detail !== of) related.push(detail);
    }
  }
  return related;
}

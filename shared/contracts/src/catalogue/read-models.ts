import type { DetailFields, FileSlot, StoredFile } from './events.ts';
import type { StockState } from '../stock/fold-stock.ts';
import { readModel, type StoredDocument } from '../read-model.ts';

/**
 * The catalogue's read models as their readers know them (the projectors build them, the query API reads them):
 * catalogue-tree, one document per product with its structure, and catalogue-details, one per detail.
 */

/** What lists, tiles, related products, home lists and search need of a detail; the full detail is in catalogue-details. */
export interface TreeDetail {
  detailId: string;
  productType: string;
  visible: boolean;
  displayOrder: number;
  priceCents: number;
  addPercentage: number;
  quantity: number;
  bestseller: boolean;
  featured: boolean;
  featuredText: string;
  /** Stored file name of the image, served at /content/<name>. */
  image: string | null;
}

export interface TreeSubproduct {
  subproductId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  /** Counted as the command side counts it (creation, renames, visibility): an edit sends it back as expectedVersion. */
  version: number;
  /** In display order. */
  details: TreeDetail[];
}

/**
 * One document per product holding its whole structure: subproducts and detail summaries, hidden
 * ones included, each list kept in display order. Every catalogue event names its product, so one
 * document answers menus, the overview, the main product page, the grid and related products.
 */
export interface CatalogueTree extends StoredDocument {
  productId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  /** The product content editor's sanitised HTML. */
  content: string;
  createdAt: string;
  updatedAt: string;
  /** Counted as the command side counts it (creation, renames, visibility): an edit sends it back as expectedVersion. */
  version: number;
  /** In display order. */
  subproducts: TreeSubproduct[];
}

export const catalogueTreeReadModel = readModel<CatalogueTree>('catalogue-tree');

/**
 * One document per detail with every field, its files and its place: the product detail page and the
 * back office's detail form read it whole. Names and the parents' visibility live in catalogue-tree.
 */
export interface CatalogueDetail extends StoredDocument, DetailFields {
  detailId: string;
  productId: string;
  subproductId: string;
  visible: boolean;
  displayOrder: number;
  files: Record<FileSlot, StoredFile | null>;
  createdAt: string;
  updatedAt: string;
  /** Counted as the command side counts it (creation, fields, visibility, files): an edit sends it back as expectedVersion. */
  version: number;
  /** The detail's stock stream folded (issue 21): reservations, shipments, the count it took from `quantity`. */
  stock: StockState;
  /** What a buyer can have from the shelf now: on hand less reserved (the storefront's count). */
  available: number;
}

export const catalogueDetailsReadModel = readModel<CatalogueDetail>('catalogue-details', ['subproductId', 'productId']);

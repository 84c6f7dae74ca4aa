import { everyEventType } from '../every-event-type.ts';

/**
 * Events of the catalogue: product › subproduct › detail. Each level's list lives in its parent's
 * stream, so adding, reordering, hiding and deleting children is one conflict-checked append:
 * - `catalogue`: the products;
 * - `product-<productId>`: the product's content and its subproducts;
 * - `subproduct-<subproductId>`: the subproduct's details with all their fields and files.
 * Deleting a product or subproduct appends nothing to the streams below it: they are never written
 * again, and read models drop what was under it.
 */
export const CATALOGUE_STREAM = 'catalogue';
export const productStream = (productId: string) => `product-${productId}`;
export const subproductStream = (subproductId: string) => `subproduct-${subproductId}`;

export type CatalogueEvent =
  | { type: 'ProductCreated'; data: { productId: string; name: string; displayOrder: number } }
  | { type: 'ProductRenamed'; data: { productId: string; name: string } }
  | { type: 'ProductVisibilityChanged'; data: { productId: string; visible: boolean } }
  | { type: 'ProductsReordered'; data: { productIds: string[] } }
  | { type: 'ProductDeleted'; data: { productId: string } };

export type CatalogueEventType = CatalogueEvent['type'];

export const catalogueEventTypes = everyEventType<CatalogueEventType>()([
  'ProductCreated',
  'ProductRenamed',
  'ProductVisibilityChanged',
  'ProductsReordered',
  'ProductDeleted',
]);

/** Events of `product-<productId>`. `content` is HTML already sanitised by the command API. */
export type ProductStreamEvent =
  | { type: 'ProductContentChanged'; data: { productId: string; content: string } }
  | { type: 'SubproductCreated'; data: { productId: string; subproductId: string; name: string; displayOrder: number } }
  | { type: 'SubproductRenamed'; data: { productId: string; subproductId: string; name: string } }
  | { type: 'SubproductVisibilityChanged'; data: { productId: string; subproductId: string; visible: boolean } }
  | { type: 'SubproductsReordered'; data: { productId: string; subproductIds: string[] } }
  | { type: 'SubproductDeleted'; data: { productId: string; subproductId: string } };

export type ProductStreamEventType = ProductStreamEvent['type'];

export const productStreamEventTypes = everyEventType<ProductStreamEventType>()([
  'ProductContentChanged',
  'SubproductCreated',
  'SubproductRenamed',
  'SubproductVisibilityChanged',
  'SubproductsReordered',
  'SubproductDeleted',
]);

/** A volume price: the pack it applies to and its own catalogue number. */
export interface PriceTier {
  priceCents: number;
  packSize: string;
  description: string;
  catalogNumber: string;
}

/** Every field of a detail (the sellable item). Money in integer US cents. */
export interface DetailFields {
  productType: string;
  /** Units in stock. */
  quantity: number;
  /** List price; the selling price is priceCents × (1 − addPercentage / 100). */
  priceCents: number;
  addPercentage: number;
  priceTiers: PriceTier[];
  catalogNumber: string;
  innerPackageId: string;
  bestseller: boolean;
  /** The spec's futureProduct: shown among the featured products. */
  featured: boolean;
  /** The spec's productTemp: the text shown with a featured product. */
  featuredText: string;
  /** Sanitised rich HTML. */
  contents: string;
  productUrl: string | null;
  /**
   * Ships on dry ice (issue 21's shipping step): an order holding it pays the cold-chain surcharge once
   * (orders/shipping.ts). Absent on details created before it was asked: false.
   */
  shipsOnDryIce?: boolean;
}

export const detailFieldNames = [
  'productType',
  'quantity',
  'priceCents',
  'addPercentage',
  'priceTiers',
  'catalogNumber',
  'innerPackageId',
  'bestseller',
  'featured',
  'featuredText',
  'contents',
  'productUrl',
  'shipsOnDryIce',
] as const satisfies readonly (keyof DetailFields)[];

export const fileSlots = ['image', 'manualPdf', 'flyerPdf', 'technicalNotesPdf'] as const;
export type FileSlot = (typeof fileSlots)[number];

/** An uploaded file, stored content-addressed under the content folder and served at /content/<name>. */
export interface StoredFile {
  /** `<sha256 of the bytes>.<jpg|png|gif|pdf>` */
  name: string;
  /** The name the admin's file had, for display only. */
  originalName: string;
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'application/pdf';
  size: number;
}

interface DetailRef {
  productId: string;
  subproductId: string;
  detailId: string;
}

/** Events of `subproduct-<subproductId>`. */
export type SubproductStreamEvent =
  | { type: 'DetailCreated'; data: DetailRef & { displayOrder: number; fields: DetailFields } }
  /** Only the fields whose value changed. */
  | { type: 'DetailUpdated'; data: DetailRef & { changes: Partial<DetailFields> } }
  | { type: 'DetailVisibilityChanged'; data: DetailRef & { visible: boolean } }
  | { type: 'DetailsReordered'; data: { productId: string; subproductId: string; detailIds: string[] } }
  | { type: 'DetailDeleted'; data: DetailRef }
  /** Also a replacement: the slot held another file before. */
  | { type: 'DetailFileAttached'; data: DetailRef & { slot: FileSlot; file: StoredFile } }
  | { type: 'DetailFileRemoved'; data: DetailRef & { slot: FileSlot } };

export type SubproductStreamEventType = SubproductStreamEvent['type'];

export const subproductStreamEventTypes = everyEventType<SubproductStreamEventType>()([
  'DetailCreated',
  'DetailUpdated',
  'DetailVisibilityChanged',
  'DetailsReordered',
  'DetailDeleted',
  'DetailFileAttached',
  'DetailFileRemoved',
]);

/** Any event of the three catalogue levels. */
export type AnyCatalogueEvent = CatalogueEvent | ProductStreamEvent | SubproductStreamEvent;
export type AnyCatalogueEventType = AnyCatalogueEvent['type'];

export const anyCatalogueEventTypes = everyEventType<AnyCatalogueEventType>()([
  ...catalogueEventTypes,
  ...productStreamEventTypes,
  ...subproductStreamEventTypes,
]);

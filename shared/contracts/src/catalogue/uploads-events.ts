import type { StoredFile } from './events.ts';
import { everyEventType } from '../every-event-type.ts';

/**
 * Events of the admin product upload: one stream per uploaded product, `uploaded-product-<id>`, so
 * an edit is checked against that product's own version and never races another product's.
 * Uploaded products are a list of their own, not part of the catalogue tree.
 */
export const uploadedProductStream = (productId: string) => `uploaded-product-${productId}`;
export const UPLOADED_PRODUCT_STREAM_PREFIX = 'uploaded-product-';

export interface UploadedProductFields {
  productName: string;
  productType: string;
  /** Integer US cents. */
  priceCents: number;
  quantity: number;
  productUrl: string | null;
  innerPackageId: string;
  /** Sanitised rich HTML. */
  description: string;
}

export const uploadedProductFieldNames = [
  'productName',
  'productType',
  'priceCents',
  'quantity',
  'productUrl',
  'innerPackageId',
  'description',
] as const satisfies readonly (keyof UploadedProductFields)[];

export type UploadedProductEvent =
  | { type: 'UploadedProductAdded'; data: { productId: string; fields: UploadedProductFields; image: StoredFile } }
  /** Only the fields whose value changed, and the image when a new one was uploaded. */
  | {
      type: 'UploadedProductUpdated';
      data: { productId: string; changes: Partial<UploadedProductFields>; image?: StoredFile };
    }
  | { type: 'UploadedProductDeleted'; data: { productId: string } };

export type UploadedProductEventType = UploadedProductEvent['type'];

export const uploadedProductEventTypes = everyEventType<UploadedProductEventType>()([
  'UploadedProductAdded',
  'UploadedProductUpdated',
  'UploadedProductDeleted',
]);

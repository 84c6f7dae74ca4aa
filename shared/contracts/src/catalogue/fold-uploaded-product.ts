import type { StoredFile } from './events.ts';
import type { UploadedProductEvent, UploadedProductFields } from './uploads-events.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of an uploaded product's stream: the uploaded-product decider decides on it and the
 * uploaded-products read model is built from it, so the version an edit names and the list shows agree.
 * `version`: how many changes made the product what it is.
 */
export type FoldedUploadedProduct =
  | { status: 'none' }
  | { status: 'deleted' }
  | { status: 'listed'; fields: UploadedProductFields; image: StoredFile; version: number };

export const noUploadedProduct = (): FoldedUploadedProduct => ({ status: 'none' });

export function evolveUploadedProduct(
  product: FoldedUploadedProduct,
  event: UploadedProductEvent,
): FoldedUploadedProduct {
  switch (event.type) {
    case 'UploadedProductAdded':
      return { status: 'listed', fields: event.data.fields, image: event.data.image, version: 1 };
    case 'UploadedProductUpdated':
      if (product.status !== 'listed') return product;
      return {
        status: 'listed',
        fields: { ...product.fields, ...event.data.changes },
        image: event.data.image ?? product.image,
        version: product.version + 1,
      };
    case 'UploadedProductDeleted':
      return { status: 'deleted' };
    default:
      return exhaustive(event);
  }
}

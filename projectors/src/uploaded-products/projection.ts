import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredFile } from '@labshop/shared/events/catalogue';
import { uploadedProductEventTypes, type UploadedProductEvent, type UploadedProductFields } from '@labshop/shared/events/product-uploads';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { Projection } from '../projection.ts';

/** One document per product of the admin upload list (deleted ones are dropped). */
export interface UploadedProduct extends StoredDocument, UploadedProductFields {
  productId: string;
  image: StoredFile;
  /** The number of changes, as the decider counts them: an update carries it as expectedVersion. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

const types: readonly string[] = uploadedProductEventTypes;
const isUploadedProductEvent = (event: RecordedEvent): event is RecordedEvent & UploadedProductEvent => types.includes(event.type);

export const uploadedProducts: Projection<UploadedProduct> = {
  name: 'uploaded-products',
  version: 1,
  indexedFields: ['image.name'],

  documentIds(event) {
    return isUploadedProductEvent(event) ? [event.data.productId] : [];
  },

  project(product, event) {
    if (!isUploadedProductEvent(event)) return product;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UploadedProductAdded': {
        const { productId, fields, image } = event.data;
        return { id: productId, productId, ...fields, image, version: 1, createdAt: at, updatedAt: at };
      }
      case 'UploadedProductUpdated': {
        if (!product) return null;
        const { _position, ...rest } = product;
        return { ...rest, ...event.data.changes, image: event.data.image ?? product.image, version: product.version + 1, updatedAt: at };
      }
      case 'UploadedProductDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};

import { uploadedProductEventTypes, type UploadedProductEvent } from '@labshop/contracts/catalogue/uploads-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { uploadedProductsReadModel, type UploadedProduct } from '@labshop/contracts/catalogue/uploads-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isUploadedProductEvent = eventGuard<UploadedProductEvent>(uploadedProductEventTypes);

export const uploadedProducts: Projection<UploadedProduct> = {
  ...uploadedProductsReadModel,
  version: 1,

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
        return {
          ...rest,
          ...event.data.changes,
          image: event.data.image ?? product.image,
          version: product.version + 1,
          updatedAt: at,
        };
      }
      case 'UploadedProductDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};

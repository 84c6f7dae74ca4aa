import { uploadedProductEventTypes, type UploadedProductEvent } from '@labshop/contracts/catalogue/uploads-events';
import { uploadedProductsReadModel, type UploadedProduct } from '@labshop/contracts/catalogue/uploads-queries';
import {
  evolveUploadedProduct,
  noUploadedProduct,
  type FoldedUploadedProduct,
} from '@labshop/contracts/catalogue/fold-uploaded-product';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isUploadedProductEvent = eventGuard<UploadedProductEvent>(uploadedProductEventTypes);

/** The fold a document was built from (a deleted product has no document). */
function foldedFrom(document: UploadedProduct | null): FoldedUploadedProduct {
  if (!document) return noUploadedProduct();
  const {
    id: _id,
    _position,
    productId: _productId,
    image,
    version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...fields
  } = document;
  return { status: 'listed', fields, image, version };
}

/** The product's fold (`evolveUploadedProduct`, the decider's) with the times its events were recorded. */
export const uploadedProducts: Projection<UploadedProduct> = {
  ...uploadedProductsReadModel,
  version: 1,

  documentIds(event) {
    return isUploadedProductEvent(event) ? [event.data.productId] : [];
  },

  project(document, event) {
    if (!isUploadedProductEvent(event)) return document;
    const product = evolveUploadedProduct(foldedFrom(document), event);
    if (product.status !== 'listed') return null;
    const at = event.metadata.occurredAt;
    const { productId } = event.data;
    const { fields, image, version } = product;
    return { id: productId, productId, ...fields, image, version, createdAt: document?.createdAt ?? at, updatedAt: at };
  },
};

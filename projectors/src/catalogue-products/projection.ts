import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import type { CatalogueEvent } from '@labshop/shared/events/catalogue';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { Projection } from '../projection.ts';

/** One document per top-level catalogue product, as the storefront menus and the admin list show it. */
export interface CatalogueProduct extends StoredDocument {
  productId: string;
  name: string;
  visible: boolean;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  /** Counted as the command side counts it (creation, renames, visibility): an edit sends it back as expectedVersion. */
  version: number;
}

const isCatalogueEvent = (event: RecordedEvent): event is RecordedEvent & CatalogueEvent =>
  ['ProductCreated', 'ProductRenamed', 'ProductVisibilityChanged', 'ProductsReordered', 'ProductDeleted'].includes(event.type);

export const catalogueProducts: Projection<CatalogueProduct> = {
  name: 'catalogue-products',
  version: 2,

  documentIds(event) {
    if (!isCatalogueEvent(event)) return [];
    return event.type === 'ProductsReordered' ? event.data.productIds : [event.data.productId];
  },

  project(product, event) {
    if (!isCatalogueEvent(event)) return product;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, name, displayOrder } = event.data;
        return { id: productId, productId, name, visible: true, displayOrder, createdAt: at, updatedAt: at, version: 1 };
      }
      case 'ProductRenamed':
        return product && { ...product, name: event.data.name, updatedAt: at, version: product.version + 1 };
      case 'ProductVisibilityChanged':
        return product && { ...product, visible: event.data.visible, updatedAt: at, version: product.version + 1 };
      case 'ProductsReordered':
        return product && { ...product, displayOrder: event.data.productIds.indexOf(product.productId), updatedAt: at };
      case 'ProductDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};

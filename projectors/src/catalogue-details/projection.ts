import type { AnyCatalogueEvent, FileSlot, StoredFile } from '@labshop/contracts/catalogue/events';
import { subproductStreamEventTypes } from '@labshop/contracts/catalogue/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { isStockEvent } from '@labshop/contracts/stock/events';
import { availableOf, emptyStock, evolveStock } from '@labshop/contracts/stock/fold-stock';
import { catalogueDetailsReadModel, type CatalogueDetail } from '@labshop/contracts/catalogue/read-models';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

/** The detail with its available units worked out again from its quantity and its stock. */
const withAvailable = <D extends Pick<CatalogueDetail, 'quantity' | 'stock'>>(
  detail: D,
): D & { available: number } => ({ ...detail, available: availableOf(detail.quantity, detail.stock) });

/** The catalogue events the details read (a detail's own, and the deletions above it); their union is derived from this list. */
const detailsEventList = [
  ...subproductStreamEventTypes,
  'SubproductDeleted',
  'ProductDeleted',
] as const satisfies readonly AnyCatalogueEvent['type'][];

type DetailsEvent = Extract<AnyCatalogueEvent, { type: (typeof detailsEventList)[number] }>;

const isDetailsEvent = eventGuard<DetailsEvent>(detailsEventList);

const noFiles = (): Record<FileSlot, StoredFile | null> => ({
  image: null,
  manualPdf: null,
  flyerPdf: null,
  technicalNotesPdf: null,
});

const idsOf = async (found: Promise<CatalogueDetail[]>) => (await found).map((detail) => detail.id);

export const catalogueDetails: Projection<CatalogueDetail> = {
  ...catalogueDetailsReadModel,
  // 3: each detail's stock and available units.
  version: 3,

  documentIds(event, documents) {
    if (isStockEvent(event)) return [event.data.detailId];
    if (!isDetailsEvent(event)) return [];
    switch (event.type) {
      case 'DetailsReordered':
        return event.data.detailIds;
      // A deleted parent's streams are never written again: its details are found here and dropped.
      case 'SubproductDeleted':
        return idsOf(documents.find({ where: { subproductId: event.data.subproductId } }));
      case 'ProductDeleted':
        return idsOf(documents.find({ where: { productId: event.data.productId } }));
      default:
        return [event.data.detailId];
    }
  },

  project(detail, event) {
    if (isStockEvent(event)) return detail && withAvailable({ ...detail, stock: evolveStock(detail.stock, event) });
    if (!isDetailsEvent(event)) return detail;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'DetailCreated': {
        const { productId, subproductId, detailId, displayOrder, fields } = event.data;
        return withAvailable({
          id: detailId,
          detailId,
          productId,
          subproductId,
          visible: true,
          displayOrder,
          ...fields,
          files: noFiles(),
          createdAt: at,
          updatedAt: at,
          version: 1,
          stock: emptyStock(),
        });
      }
      case 'DetailUpdated':
        return (
          detail && withAvailable({ ...detail, ...event.data.changes, updatedAt: at, version: detail.version + 1 })
        );
      case 'DetailVisibilityChanged':
        return detail && { ...detail, visible: event.data.visible, updatedAt: at, version: detail.version + 1 };
      case 'DetailsReordered':
        return detail && { ...detail, displayOrder: event.data.detailIds.indexOf(detail.detailId), updatedAt: at };
      case 'DetailFileAttached':
        return (
          detail && {
            ...detail,
            files: { ...detail.files, [event.data.slot]: event.data.file },
            updatedAt: at,
            version: detail.version + 1,
          }
        );
      case 'DetailFileRemoved':
        return (
          detail && {
            ...detail,
            files: { ...detail.files, [event.data.slot]: null },
            updatedAt: at,
            version: detail.version + 1,
          }
        );
      case 'DetailDeleted':
      case 'SubproductDeleted':
      case 'ProductDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};

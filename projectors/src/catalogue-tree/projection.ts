import { anyCatalogueEventTypes, type AnyCatalogueEvent, type DetailFields } from '@labshop/contracts/catalogue/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import {
  catalogueTreeReadModel,
  type CatalogueTree,
  type TreeDetail,
  type TreeSubproduct,
} from '@labshop/contracts/catalogue/read-models';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const summaryFields = [
  'productType',
  'priceCents',
  'addPercentage',
  'quantity',
  'bestseller',
  'featured',
  'featuredText',
] as const;
type SummaryFields = Pick<DetailFields, (typeof summaryFields)[number]>;

const isTreeEvent = eventGuard<AnyCatalogueEvent>(anyCatalogueEventTypes);

export const catalogueTree: Projection<CatalogueTree> = {
  ...catalogueTreeReadModel,
  version: 3,

  documentIds(event) {
    if (!isTreeEvent(event)) return [];
    return event.type === 'ProductsReordered' ? event.data.productIds : [event.data.productId];
  },

  project(tree, event) {
    if (!isTreeEvent(event)) return tree;
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'ProductCreated': {
        const { productId, name, displayOrder } = event.data;
        return {
          id: productId,
          productId,
          name,
          visible: true,
          displayOrder,
          content: '',
          createdAt: at,
          updatedAt: at,
          version: 1,
          subproducts: [],
        };
      }
      case 'ProductRenamed':
        return tree && { ...tree, name: event.data.name, updatedAt: at, version: tree.version + 1 };
      case 'ProductVisibilityChanged':
        return tree && { ...tree, visible: event.data.visible, updatedAt: at, version: tree.version + 1 };
      case 'ProductsReordered':
        return tree && { ...tree, displayOrder: event.data.productIds.indexOf(tree.productId), updatedAt: at };
      case 'ProductDeleted':
        return null;
      case 'ProductContentChanged':
        return tree && { ...tree, content: event.data.content, updatedAt: at };
      case 'SubproductCreated': {
        const { subproductId, name, displayOrder } = event.data;
        const subproduct: TreeSubproduct = {
          subproductId,
          name,
          visible: true,
          displayOrder,
          createdAt: at,
          updatedAt: at,
          version: 1,
          details: [],
        };
        return tree && { ...tree, subproducts: inDisplayOrder([...tree.subproducts, subproduct]) };
      }
      case 'SubproductRenamed':
        return (
          tree &&
          withSubproduct(tree, event.data.subproductId, (subproduct) => ({
            ...subproduct,
            name: event.data.name,
            updatedAt: at,
            version: subproduct.version + 1,
          }))
        );
      case 'SubproductVisibilityChanged':
        return (
          tree &&
          withSubproduct(tree, event.data.subproductId, (subproduct) => ({
            ...subproduct,
            visible: event.data.visible,
            updatedAt: at,
            version: subproduct.version + 1,
          }))
        );
      case 'SubproductsReordered': {
        const { subproductIds } = event.data;
        return (
          tree && {
            ...tree,
            subproducts: inDisplayOrder(
              tree.subproducts.map((subproduct) => ({
                ...subproduct,
                displayOrder: subproductIds.indexOf(subproduct.subproductId),
                updatedAt: at,
              })),
            ),
          }
        );
      }
      case 'SubproductDeleted':
        return (
          tree && {
            ...tree,
            subproducts: tree.subproducts.filter((subproduct) => subproduct.subproductId !== event.data.subproductId),
          }
        );
      case 'DetailCreated': {
        const { detailId, displayOrder, fields } = event.data;
        const detail: TreeDetail = { detailId, visible: true, displayOrder, image: null, ...summaryOf(fields) };
        return (
          tree &&
          withSubproduct(tree, event.data.subproductId, (subproduct) => ({
            ...subproduct,
            details: inDisplayOrder([...subproduct.details, detail]),
          }))
        );
      }
      case 'DetailUpdated':
        return tree && withDetail(tree, event.data, (detail) => ({ ...detail, ...changedSummary(event.data.changes) }));
      case 'DetailVisibilityChanged':
        return tree && withDetail(tree, event.data, (detail) => ({ ...detail, visible: event.data.visible }));
      case 'DetailsReordered': {
        const { detailIds } = event.data;
        return (
          tree &&
          withSubproduct(tree, event.data.subproductId, (subproduct) => ({
            ...subproduct,
            details: inDisplayOrder(
              subproduct.details.map((detail) => ({ ...detail, displayOrder: detailIds.indexOf(detail.detailId) })),
            ),
          }))
        );
      }
      case 'DetailDeleted':
        return (
          tree &&
          withSubproduct(tree, event.data.subproductId, (subproduct) => ({
            ...subproduct,
            details: subproduct.details.filter((detail) => detail.detailId !== event.data.detailId),
          }))
        );
      case 'DetailFileAttached':
        return (
          tree &&
          (event.data.slot === 'image'
            ? withDetail(tree, event.data, (detail) => ({ ...detail, image: event.data.file.name }))
            : tree)
        );
      case 'DetailFileRemoved':
        return (
          tree &&
          (event.data.slot === 'image' ? withDetail(tree, event.data, (detail) => ({ ...detail, image: null })) : tree)
        );
      default:
        return exhaustive(event);
    }
  },
};

function summaryOf({
  productType,
  priceCents,
  addPercentage,
  quantity,
  bestseller,
  featured,
  featuredText,
}: DetailFields): SummaryFields {
  return { productType, priceCents, addPercentage, quantity, bestseller, featured, featuredText };
}

/** Only the summary fields present in a change: a DetailUpdated carries just what changed. */
function changedSummary(changes: Partial<DetailFields>): Partial<SummaryFields> {
  return Object.fromEntries(
    summaryFields.filter((field) => changes[field] !== undefined).map((field) => [field, changes[field]]),
  );
}

function inDisplayOrder<T extends { displayOrder: number }>(items: T[]): T[] {
  return items.sort((a, b) => a.displayOrder - b.displayOrder);
}

function withSubproduct(
  tree: CatalogueTree,
  subproductId: string,
  change: (subproduct: TreeSubproduct) => TreeSubproduct,
): CatalogueTree {
  return {
    ...tree,
    subproducts: tree.subproducts.map((subproduct) =>
      subproduct.subproductId === subproductId ? change(subproduct) : subproduct,
    ),
  };
}

function withDetail(
  tree: CatalogueTree,
  ref: { subproductId: string; detailId: string },
  change: (detail: TreeDetail) => TreeDetail,
): CatalogueTree {
  return withSubproduct(tree, ref.subproductId, (subproduct) => ({
    ...subproduct,
    details: subproduct.details.map((detail) => (detail.detailId === ref.detailId ? change(detail) : detail)),
  }));
}

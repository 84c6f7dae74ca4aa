import type { EventStore } from '@labshop/platform/event-store/port';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type AnyCatalogueEvent,
  type FileSlot,
} from '@labshop/contracts/catalogue/events';

/**
 * What the catalogue already holds, read from its streams (the source of truth, as the deciders read
 * it): live items by name, so the seed adds only what is missing and a second run changes nothing.
 */
async function fold<State>(
  eventStore: EventStore,
  stream: string,
  initial: State,
  apply: (state: State, event: AnyCatalogueEvent) => void,
): Promise<State> {
  for await (const recorded of eventStore.readStream(stream))
    apply(initial, { type: recorded.type, data: recorded.data } as AnyCatalogueEvent);
  return initial;
}

/** Live items of one level: id by name, in the order they were created. */
type ByName = Map<string, string>;

function renamed(items: ByName, id: string, name: string) {
  for (const [oldName, itemId] of items) if (itemId === id) items.delete(oldName);
  items.set(name, id);
}

function removed(items: ByName, id: string) {
  for (const [name, itemId] of items) if (itemId === id) items.delete(name);
}

export const existingProducts = (eventStore: EventStore) =>
  fold(eventStore, CATALOGUE_STREAM, new Map() as ByName, (products, event) => {
    if (event.type === 'ProductCreated' || event.type === 'ProductRenamed')
      renamed(products, event.data.productId, event.data.name);
    if (event.type === 'ProductDeleted') removed(products, event.data.productId);
  });

export const existingProduct = (eventStore: EventStore, productId: string) =>
  fold(eventStore, productStream(productId), { content: '', subproducts: new Map() as ByName }, (product, event) => {
    if (event.type === 'ProductContentChanged') product.content = event.data.content;
    if (event.type === 'SubproductCreated' || event.type === 'SubproductRenamed')
      renamed(product.subproducts, event.data.subproductId, event.data.name);
    if (event.type === 'SubproductDeleted') removed(product.subproducts, event.data.subproductId);
  });

export interface ExistingDetail {
  detailId: string;
  files: Set<FileSlot>;
}

/** Live details by product type, with the file slots they fill. */
export const existingDetails = (eventStore: EventStore, subproductId: string) =>
  fold(eventStore, subproductStream(subproductId), new Map<string, ExistingDetail>(), (details, event) => {
    const byId = (detailId: string) => [...details.entries()].find(([, detail]) => detail.detailId === detailId);
    switch (event.type) {
      case 'DetailCreated':
        details.set(event.data.fields.productType, { detailId: event.data.detailId, files: new Set() });
        break;
      case 'DetailUpdated': {
        const found = byId(event.data.detailId);
        if (found && event.data.changes.productType !== undefined) {
          details.delete(found[0]);
          details.set(event.data.changes.productType, found[1]);
        }
        break;
      }
      case 'DetailDeleted': {
        const found = byId(event.data.detailId);
        if (found) details.delete(found[0]);
        break;
      }
      case 'DetailFileAttached':
        byId(event.data.detailId)?.[1].files.add(event.data.slot);
        break;
      case 'DetailFileRemoved':
        byId(event.data.detailId)?.[1].files.delete(event.data.slot);
        break;
    }
  });

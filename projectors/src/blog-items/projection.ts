import type { RecordedEvent } from '@labshop/shared/event-store/port';
import { blogEventTypes, type BlogEvent } from '@labshop/shared/events/blog';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { exhaustive } from '@labshop/shared/exhaustive';
import type { Projection } from '../projection.ts';

/**
 * One document per row of the blog section panel: a section (`level` 'section') or an inner item
 * (`level` 'item', found by its section's `packageId`).
 */
export interface BlogItem extends StoredDocument {
  itemId: string;
  level: 'section' | 'item';
  number: number;
  sectionId: string | null;
  packageId: string;
  innerPackageId: string | null;
  productName: string;
  description: string;
  version: number;
}

const types: readonly string[] = blogEventTypes;
const isBlogEvent = (event: RecordedEvent): event is RecordedEvent & BlogEvent => types.includes(event.type);

export const blogItems: Projection<BlogItem> = {
  name: 'blog-items',
  version: 1,
  indexedFields: ['level', 'packageId'],

  documentIds(event) {
    if (!isBlogEvent(event)) return [];
    switch (event.type) {
      case 'BlogItemAdded':
        return [event.data.itemId];
      case 'BlogItemsUpdated':
        return event.data.items.map((item) => item.itemId);
      case 'BlogItemsDeleted':
        return event.data.itemIds;
      default:
        return exhaustive(event);
    }
  },

  project(item, event) {
    if (!isBlogEvent(event)) return item;
    switch (event.type) {
      case 'BlogItemAdded': {
        const { itemId, sectionId, ...rest } = event.data;
        return { id: itemId, itemId, level: sectionId === null ? 'section' : 'item', sectionId, ...rest, version: 1 };
      }
      case 'BlogItemsUpdated': {
        const changes = item && event.data.items.find((row) => row.itemId === item.id)?.changes;
        if (!item || !changes) return item;
        const { _position, ...rest } = item;
        return { ...rest, ...changes, version: item.version + 1 };
      }
      case 'BlogItemsDeleted':
        return null;
      default:
        return exhaustive(event);
    }
  },
};

import { blogEventTypes, type BlogEvent } from '@labshop/contracts/content/blog-events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { blogItemsReadModel, type BlogItem } from '@labshop/contracts/content/blog-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isBlogEvent = eventGuard<BlogEvent>(blogEventTypes);

export const blogItems: Projection<BlogItem> = {
  ...blogItemsReadModel,
  version: 1,

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

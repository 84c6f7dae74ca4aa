import { blogEventTypes, type BlogEvent } from '@labshop/contracts/content/blog-events';
import { blogItemsReadModel, type BlogItem } from '@labshop/contracts/content/blog-queries';
import { blogItemIds, evolveBlogItem, type FoldedBlogItem } from '@labshop/contracts/content/fold-blog';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isBlogEvent = eventGuard<BlogEvent>(blogEventTypes);

/** The row a document was built from. */
function foldedFrom(document: BlogItem | null): FoldedBlogItem | null {
  if (!document) return null;
  const { id: _id, _position, level: _level, ...item } = document;
  return item;
}

/** Each row as the blog's fold (`evolveBlogItem`, the decider's) keeps it, with its level. */
export const blogItems: Projection<BlogItem> = {
  ...blogItemsReadModel,
  version: 1,

  documentIds(event) {
    return isBlogEvent(event) ? blogItemIds(event) : [];
  },

  project(document, event, id) {
    if (!isBlogEvent(event)) return document;
    const item = evolveBlogItem(foldedFrom(document), id, event);
    return item && { id: item.itemId, level: item.sectionId === null ? 'section' : 'item', ...item };
  },
};

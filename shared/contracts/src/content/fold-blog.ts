import type { BlogEvent, BlogItemText } from './blog-events.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of the `blog` stream: the blog decider decides on `evolveBlog`'s rows, and the blog-items read
 * model keeps each row as `evolveBlogItem` folds it, so the version an edit names and the version the panel
 * shows cannot disagree.
 */

export interface FoldedBlogItem extends BlogItemText {
  itemId: string;
  /** Null for a section (an outer item); otherwise the section the item is in. */
  sectionId: string | null;
  number: number;
  packageId: string;
  innerPackageId: string | null;
  /** How many changes made the row what it is (its addition, then each update). */
  version: number;
}

export interface FoldedBlog {
  items: Readonly<Record<string, FoldedBlogItem>>;
  /** The running number the next row is shown with. */
  nextNumber: number;
}

export const emptyBlog = (): FoldedBlog => ({ items: {}, nextNumber: 1 });

/** The rows an event adds, changes or removes. */
export function blogItemIds(event: BlogEvent): string[] {
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
}

/** One row after an event that names it (`blogItemIds`): null when it does not exist (or no longer does). */
export function evolveBlogItem(item: FoldedBlogItem | null, itemId: string, event: BlogEvent): FoldedBlogItem | null {
  switch (event.type) {
    case 'BlogItemAdded':
      return { ...event.data, version: 1 };
    case 'BlogItemsUpdated': {
      const changes = event.data.items.find((row) => row.itemId === itemId)?.changes;
      return item && changes ? { ...item, ...changes, version: item.version + 1 } : item;
    }
    case 'BlogItemsDeleted':
      return null;
    default:
      return exhaustive(event);
  }
}

export function evolveBlog(blog: FoldedBlog, event: BlogEvent): FoldedBlog {
  const items = { ...blog.items };
  for (const itemId of blogItemIds(event)) {
    const item = evolveBlogItem(items[itemId] ?? null, itemId, event);
    if (item) items[itemId] = item;
    else delete items[itemId];
  }
  const nextNumber =
    event.type === 'BlogItemAdded' ? Math.max(blog.nextNumber, event.data.number + 1) : blog.nextNumber;
  return { items, nextNumber };
}

import { everyEventType } from '../every-event-type.ts';

/**
 * Events of the blog section panel, all in one stream, `blog`: sections (outer items) and their
 * inner items are a few dozen rows written by hand, so one stream makes every multi-row update or
 * delete a single conflict-checked append (all rows or none) and a section's delete take its inner
 * items in the same event.
 */
export const BLOG_STREAM = 'blog';

export interface BlogItemText {
  productName: string;
  description: string;
}

export type BlogEvent =
  /**
   * `sectionId` null: an outer item (a section) with a generated `packageId`. Otherwise an inner item of
   * that section: it carries the section's `packageId` and a generated `innerPackageId`.
   */
  | {
      type: 'BlogItemAdded';
      data: BlogItemText & {
        itemId: string;
        sectionId: string | null;
        number: number;
        packageId: string;
        innerPackageId: string | null;
      };
    }
  /** Only the rows and fields that changed. */
  | { type: 'BlogItemsUpdated'; data: { items: { itemId: string; changes: Partial<BlogItemText> }[] } }
  /** Every item removed: the rows chosen and the inner items of the sections among them. */
  | { type: 'BlogItemsDeleted'; data: { itemIds: string[] } };

export type BlogEventType = BlogEvent['type'];

export const blogEventTypes = everyEventType<BlogEventType>()([
  'BlogItemAdded',
  'BlogItemsUpdated',
  'BlogItemsDeleted',
]);

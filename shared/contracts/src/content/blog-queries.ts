import { z } from 'zod';
import type { StoredDocument } from '../read-model.ts';
import { readModel } from '../read-model.ts';

/** Answer shapes of the blog section panel's reads. */
export const blogItemView = z.object({
  itemId: z.string(),
  /** The running number shown as the row's id. */
  number: z.number().int(),
  sectionId: z.string().nullable().describe('null for a section (outer item)'),
  packageId: z.string(),
  innerPackageId: z.string().nullable(),
  productName: z.string(),
  description: z.string(),
  version: z.number().int().describe('Send as expectedVersion when updating or deleting'),
});

export const blogSectionsResponse = z.object({ sections: z.array(blogItemView) });
export const blogPackageResponse = z.object({ section: blogItemView, items: z.array(blogItemView) });

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

export const blogItemsReadModel = readModel<BlogItem>('blog-items', ['level', 'packageId']);

import { z } from 'zod';
import { entityId, expectedVersion, requiredText, storableString } from '../fields.ts';
import { positionResponse } from '../answers.ts';

/** The blog section panel (/Blog): outer sections, each with inner items. */
export const blogMessages = {
  noneSelectedForDeletion: 'No items selected for deletion.',
  noneSelectedForUpdate: 'Check the rows to update first.',
  inserted: 'Data inserted successfully',
  confirmDelete: 'Are you sure you want to delete the selected items?',
} as const;

export const BLOG_DESCRIPTION_MAX = 2_000;

export const blogItemFields = z.strictObject({
  productName: requiredText('Title', 100),
  description: storableString('Description')
    .trim()
    .max(BLOG_DESCRIPTION_MAX, `Description must be at most ${BLOG_DESCRIPTION_MAX} characters`)
    .default(''),
});

export const addBlogItemInput = blogItemFields;

/** The checked rows, as edited: all are recorded in one event or, if any is stale or gone, none. */
export const updateBlogItemsInput = z.strictObject({
  items: z
    .array(blogItemFields.extend({ itemId: entityId('Item'), expectedVersion }), {
      error: blogMessages.noneSelectedForUpdate,
    })
    .min(1, blogMessages.noneSelectedForUpdate)
    .max(500, 'Too many rows at once'),
});

/** The checked rows to delete (a section takes its inner items with it). */
export const deleteBlogItemsInput = z.strictObject({
  items: z
    .array(z.strictObject({ itemId: entityId('Item'), expectedVersion }), {
      error: blogMessages.noneSelectedForDeletion,
    })
    .min(1, blogMessages.noneSelectedForDeletion)
    .max(500, 'Too many rows at once'),
});

export const blogSectionParams = z.strictObject({ sectionId: entityId('Section') });

export type AddBlogItemInput = z.input<typeof addBlogItemInput>;
export type UpdateBlogItemsInput = z.input<typeof updateBlogItemsInput>;
export type DeleteBlogItemsInput = z.input<typeof deleteBlogItemsInput>;

/** A section or item added, with the package id it was given. */
export const blogItemAddedResponse = positionResponse.extend({ itemId: z.string(), packageId: z.string() });
export type BlogItemAddedAnswer = z.infer<typeof blogItemAddedResponse>;

/** An inner item added: its section's package id and its own suffix. */
export const innerBlogItemAddedResponse = blogItemAddedResponse.extend({ innerPackageId: z.string() });

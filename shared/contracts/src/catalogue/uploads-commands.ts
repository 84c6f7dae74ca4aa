import { z } from 'zod';
import { priceCents, productUrl, quantity } from './details-commands.ts';
import { entityId, expectedVersion, expectedVersionParam, optionalText, requiredText, richText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

/**
 * The admin product upload (/admin/productupload): a simple list of products, each with one image,
 * apart from the catalogue manager's tree. Sent as a multipart form: `product` (this JSON) and `image`
 * (JPG, PNG or GIF under 2 MB, checked by its bytes; required when adding, optional when updating).
 */
export const uploadedProductMessages = {
  invalidForm: 'Please fill all required fields correctly',
  noSelection: 'No product selected or form is invalid',
  descriptionRequired: 'Description is required',
  saved: 'Product saved successfully',
  updated: 'Product updated successfully',
  deleted: 'Product deleted successfully',
  confirmDelete: 'Are you sure you want to delete this product?',
  loadFailed: 'Error loading product details',
  saveFailed: 'Error saving product. Please try again.',
  updateFailed: 'Error updating product. Please try again.',
  deleteFailed: 'Error deleting product',
} as const;

export const uploadedProductFields = z.strictObject({
  productName: requiredText('Product name', 100),
  productType: requiredText('Product type', 50),
  priceCents,
  quantity,
  productUrl: productUrl.default(null),
  innerPackageId: optionalText('Inner package id', 50).default(''),
  /** Rich HTML, sanitised by the command API; empty after sanitising counts as missing. */
  description: richText('Description').refine(
    (html) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') !== '',
    uploadedProductMessages.descriptionRequired,
  ),
});

export const addUploadedProductInput = uploadedProductFields;

/** An update sends every field (the form's state) and the version the admin opened; a stale one is a 409. */
export const updateUploadedProductInput = uploadedProductFields.extend({
  expectedVersion,
});

export const uploadedProductParams = z.strictObject({ productId: entityId('Product') });

export const deleteUploadedProductQuery = z.strictObject({
  expectedVersion: expectedVersionParam.optional(),
});

export type UploadedProductFieldValues = z.output<typeof uploadedProductFields>;

export const uploadedProductAddedResponse = positionResponse.extend({ productId: z.string() });

import { z } from 'zod';
import { displayOrderInput, entityId, expectedVersion, requiredText, richText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

const productName = requiredText('Product name', 100);

export const createProductInput = z.strictObject({ name: productName });

/**
 * A rename, a show/hide or both of a product or a subproduct, with the version the admin saw (a product's in the
 * admin list, a subproduct's in its product's `subproducts[]`): a stale one is refused with 409.
 */
export function editNamedItemInput(name: z.ZodType<string>) {
  return z
    .strictObject({
      name: name.optional(),
      visible: z.boolean({ error: 'Visible must be true or false' }).optional(),
      expectedVersion: expectedVersion.optional(),
    })
    .refine((edit) => edit.name !== undefined || edit.visible !== undefined, {
      message: 'Nothing to change: send a name or visible',
    });
}

export const editProductInput = editNamedItemInput(productName);

export const reorderProductsInput = z.strictObject({ productIds: displayOrderInput('Product') });

export const productIdParams = z.strictObject({ productId: entityId('Product') });

export const changeProductContentInput = z.strictObject({ content: richText('Content') });

export type CreateProductInput = z.infer<typeof createProductInput>;
export type EditProductInput = z.infer<typeof editProductInput>;
export type ReorderProductsInput = z.infer<typeof reorderProductsInput>;
export type ChangeProductContentInput = z.infer<typeof changeProductContentInput>;

export const productCreatedResponse = positionResponse.extend({ productId: z.string() });
export type ProductCreatedAnswer = z.infer<typeof productCreatedResponse>;

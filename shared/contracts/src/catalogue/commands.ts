import { z } from 'zod';
import { entityId, requiredText, richText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

const productName = requiredText('Product name', 100);

export const createProductInput = z.strictObject({ name: productName });

export const editProductInput = z
  .strictObject({
    name: productName.optional(),
    visible: z.boolean({ error: 'Visible must be true or false' }).optional(),
    /** The product's version the admin saw (the admin list's `version`): a stale one is refused with 409. */
    expectedVersion: z
      .number({ error: 'expectedVersion must be a whole number' })
      .int('expectedVersion must be a whole number')
      .min(1)
      .optional(),
  })
  .refine((edit) => edit.name !== undefined || edit.visible !== undefined, {
    message: 'Nothing to change: send a name or visible',
  });

export const reorderProductsInput = z.strictObject({
  productIds: z
    .array(entityId('Product'), { error: 'productIds must be a list of product ids' })
    .min(1, 'productIds must list every product')
    .max(1000, 'Too many products'),
});

export const productIdParams = z.strictObject({ productId: entityId('Product') });

export const changeProductContentInput = z.strictObject({ content: richText('Content') });

export type CreateProductInput = z.infer<typeof createProductInput>;
export type EditProductInput = z.infer<typeof editProductInput>;
export type ReorderProductsInput = z.infer<typeof reorderProductsInput>;
export type ChangeProductContentInput = z.infer<typeof changeProductContentInput>;

export const productCreatedResponse = positionResponse.extend({ productId: z.string() });
export type ProductCreatedAnswer = z.infer<typeof productCreatedResponse>;

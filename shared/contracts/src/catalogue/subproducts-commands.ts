import { z } from 'zod';
import { displayOrderInput, entityId, requiredText } from '../fields.ts';
import { positionResponse } from '../answers.ts';

const subproductName = requiredText('Subproduct name', 100);

export const createSubproductInput = z.strictObject({ name: subproductName });

export const editSubproductInput = z
  .strictObject({
    name: subproductName.optional(),
    visible: z.boolean({ error: 'Visible must be true or false' }).optional(),
    /** The subproduct's version the admin saw (the admin product's `subproducts[].version`): a stale one is refused with 409. */
    expectedVersion: z
      .number({ error: 'expectedVersion must be a whole number' })
      .int('expectedVersion must be a whole number')
      .min(1)
      .optional(),
  })
  .refine((edit) => edit.name !== undefined || edit.visible !== undefined, {
    message: 'Nothing to change: send a name or visible',
  });

export const reorderSubproductsInput = z.strictObject({ subproductIds: displayOrderInput('Subproduct') });

export const subproductParams = z.strictObject({
  productId: entityId('Product'),
  subproductId: entityId('Subproduct'),
});

export type CreateSubproductInput = z.infer<typeof createSubproductInput>;
export type EditSubproductInput = z.infer<typeof editSubproductInput>;
export type ReorderSubproductsInput = z.infer<typeof reorderSubproductsInput>;

export const subproductCreatedResponse = positionResponse.extend({ subproductId: z.string() });
export type SubproductCreatedAnswer = z.infer<typeof subproductCreatedResponse>;

import { z } from 'zod';
import { displayOrderInput, entityId, requiredText } from '../fields.ts';
import { positionResponse } from '../answers.ts';
import { editNamedItemInput } from './commands.ts';

const subproductName = requiredText('Subproduct name', 100);

export const createSubproductInput = z.strictObject({ name: subproductName });

export const editSubproductInput = editNamedItemInput(subproductName);

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

import { z } from 'zod';
import { entityId, storableString } from '../fields.ts';

/** A line's quantity has no upper limit in the storefront; this bound only keeps totals exact integers. */
export const MAX_CART_LINE_QUANTITY = 1_000_000;

const QUANTITY_MESSAGE = 'Quantity must be a whole number of at least 1';

/** The outbox's id for the command: a retry carries the same one and changes nothing. */
const commandId = z.uuid('Command id must be a valid id');

const quantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(MAX_CART_LINE_QUANTITY, `Quantity must be at most ${MAX_CART_LINE_QUANTITY.toLocaleString('en-US')}`);

/** The pack size chosen from the detail's price tiers; null (or absent) for a detail without tiers. What cannot be stored is refused here rather than failing the append. */
const packSize = storableString('Pack size', 'Pack size must be text or null')
  .max(50, 'Pack size must be at most 50 characters')
  .nullable()
  .default(null);

const line = { detailId: entityId('Detail'), packSize };

export const cartParams = z.strictObject({ cartId: z.uuid('Cart id must be a valid id') });

/** subproductId names the catalogue stream that holds the detail (the product page has it). */
export const addCartItemInput = z.strictObject({ commandId, ...line, subproductId: entityId('Subproduct'), quantity });
export const setCartItemQuantityInput = z.strictObject({ commandId, ...line, quantity });
export const removeCartItemInput = z.strictObject({ commandId, ...line });
/** Clear and refresh. */
export const cartCommandInput = z.strictObject({ commandId });
/** At sign-in: the anonymous cart to merge into the customer's. */
export const mergeCartInput = z.strictObject({ commandId, cartId: z.uuid('Cart id must be a valid id') });

import { z } from 'zod';
import type { StoredDocument } from '../read-model.ts';
import type { CartContents } from './fold-cart.ts';
import { readModel } from '../read-model.ts';

/**
 * A cart as both APIs answer it: the command API after each cart command (from the decided state),
 * the query API from the cart read model. Both build it with shared/contracts/src/carts/cart-view.ts. Money in
 * integer cents; the frontend derives its types from these with z.infer.
 */
export const cartLineView = z.object({
  detailId: z.string(),
  subproductId: z.string(),
  packSize: z.string().nullable().describe('The price tier chosen; null for a detail without tiers'),
  quantity: z.number().int(),
  unitPriceCents: z.number().int().describe('Selling price of one pack: the list price less the discount'),
  listPriceCents: z.number().int(),
  discountPercent: z.number(),
  previousUnitPriceCents: z
    .number()
    .int()
    .nullable()
    .describe('The price before the catalogue changed it, shown struck through; null when unchanged'),
  lineTotalCents: z.number().int(),
  productName: z.string(),
  productType: z.string(),
  catalogNumber: z.string(),
  innerPackageId: z.string(),
  imageUrl: z.string().nullable(),
  productPath: z.string().describe('Storefront URL of the product page'),
  available: z
    .boolean()
    .describe('False when the catalogue no longer sells it: not counted in the subtotal, cannot be ordered'),
});

export const cartView = z.object({
  cartId: z.string().describe('The anonymous cart id, or the customer id for a customer cart'),
  lines: z.array(cartLineView),
  itemCount: z.number().int().describe('Sum of the quantities of the available lines: the header badge'),
  subtotalCents: z.number().int().describe('Sum of the available lines'),
  updatedAt: z.iso.datetime().nullable(),
  expiresAt: z.iso.datetime().nullable().describe('Five days after the last change; null for an empty cart'),
  revision: z
    .number()
    .int()
    .nullable()
    .describe("The cart stream's revision the view reflects; null before its first event"),
});

/**
 * What adding, re-quantifying or removing a line answers: the lines it changed and the cart's totals, not every
 * line again (a 64-line cart is ~30 kB). A client holding the cart at `basedOn` gets the cart at `revision` by
 * applying it (`applyCartChange`); any other client reads the cart.
 */
export const cartChange = cartView.omit({ lines: true }).extend({
  basedOn: z
    .number()
    .int()
    .nullable()
    .describe("The cart's revision the command was decided on; null when the cart had no event yet"),
  changedLines: z.array(cartLineView).describe('Lines added or changed, as they are now; a new line comes last'),
  removedLines: z
    .array(z.object({ detailId: z.string(), packSize: z.string().nullable() }))
    .describe('Lines no longer in the cart: removed, or gone because the cart had expired'),
});

export type CartLineView = z.infer<typeof cartLineView>;
export type CartView = z.infer<typeof cartView>;
export type CartChange = z.infer<typeof cartChange>;

/**
 * One document per cart stream (id = the stream name, `cart-<id>` or `customer-cart-<customerId>`),
 * folded with the same `evolveCart` the command API decides with, so a read shows what the last
 * command answered. Expiry is applied when it is read (`cartView(cartId, document, now)`): a cart
 * nobody touches has no event to empty it.
 */
export interface CartDocument extends StoredDocument, CartContents {
  owner: 'anonymous' | 'customer';
  /** The anonymous cart id, or the customer id. */
  cartId: string;
}

export const cartsReadModel = readModel<CartDocument>('carts');

import { z } from 'zod';
import { pageParams, pagePosition } from '../paging.ts';
import { cardTypes } from './events.ts';
import { cartView } from '../carts/queries.ts';
import { shippingMethods, type ShippingMethodId } from './shipping.ts';
import type { StoredDocument } from '../read-model.ts';
import type { BillingAddress, OrderAddress } from './events.ts';
import { readModel } from '../read-model.ts';

/**
 * What the query API answers about a customer's orders (and what the command API answers when an
 * order is placed). The frontend derives its types from these with z.infer.
 */

/** The order's place in docs/orders.md's state machine: the customer's three, then the order desk's moves. */
export const orderStatuses = [
  'Awaiting payment',
  'PO received',
  'Quote requested',
  'Quoted',
  'Quote accepted',
  'Quote declined',
  'Confirmed',
  'On hold',
  'Processing',
  'Shipped',
  'Delivered',
  'Closed',
  'Cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderAddressView = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string().describe('Two-letter code of the state (50 states and DC)'),
  zipCode: z.string(),
  useForInvoice: z.boolean(),
});

/** The invoice's own address, when the shipping address is not used for it. */
export const billingAddressView = orderAddressView.omit({ useForInvoice: true });

export const orderLineView = z.object({
  detailId: z.string(),
  subproductId: z.string(),
  productName: z.string(),
  productType: z.string(),
  packSize: z.string().nullable(),
  catalogNumber: z.string(),
  innerPackageId: z.string(),
  imageUrl: z.string().nullable(),
  productPath: z.string().describe('Storefront URL of the product page'),
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  listPriceCents: z.number().int(),
  discountPercent: z.number(),
  lineTotalCents: z.number().int(),
  reservedQuantity: z
    .number()
    .int()
    .optional()
    .describe('Units held from stock for this line, once paid by purchase order or the quote accepted'),
  backorderedQuantity: z
    .number()
    .int()
    .optional()
    .describe('Units on backorder (more than was available), once paid or accepted'),
});

export const orderPaymentView = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('purchase-order'),
    company: z.string(),
    name: z.string(),
    poNumber: z.string(),
    cardType: z.enum(cardTypes),
    cardLast4: z.string(),
  }),
  z.object({ kind: z.literal('quote'), company: z.string(), name: z.string(), poNumber: z.string() }),
]);

/** The shipping method chosen at checkout and its cost (the dry-ice surcharge part of it), in integer cents. */
export const orderShippingView = z.object({
  method: z.enum(shippingMethods.map((method) => method.id) as [ShippingMethodId, ...ShippingMethodId[]]),
  baseCents: z.number().int().describe("The method's own rate"),
  dryIceSurchargeCents: z
    .number()
    .int()
    .describe('The cold-chain surcharge, once per order holding a detail that ships on dry ice; else 0'),
  costCents: z
    .number()
    .int()
    .describe(
      'What the order charges for shipping: baseCents + dryIceSurchargeCents; the total includes it and the tax is charged on it',
    ),
});

/** An issued invoice: downloaded as PDF from the order's invoices route; `sha256` is what every download must hash to. */
export const orderInvoiceView = z.object({
  invoiceNumber: z.string().describe("'INV-' + the order number"),
  issuedAt: z.string(),
  sha256: z.string().describe('SHA-256 of the PDF as issued, hex'),
  size: z.number().int().describe('Bytes'),
});

/**
 * The quote staff sent (the latest revision): the order's lines at the quoted unit prices and the totals by
 * the checkout's tax rules. Once accepted, the order's own lines and totals are these.
 */
export const orderQuoteView = z.object({
  lines: z.array(orderLineView),
  subtotalCents: z.number().int(),
  shippingCents: z
    .number()
    .int()
    .optional()
    .describe("The order's shipping cost, included in the total (absent: 0, a quote sent before shipping was charged)"),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  expiresAt: z.string().describe('After this instant the quote can no longer be accepted'),
  sentAt: z.string(),
  revision: z.number().int().describe('1 for the first quote sent, +1 for each revision'),
  acceptedAt: z.string().nullable(),
  declined: z
    .object({ reason: z.string(), declinedAt: z.string() })
    .nullable()
    .describe('Set once the customer declined it'),
});

/** A credit note against the order's invoice: requested by staff, issued (its PDF stored) by the workers. */
export const orderCreditNoteView = z.object({
  creditNoteNumber: z.string().describe("'CN-' + the order number + '-' + its sequence in the order"),
  invoiceNumber: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  requestedAt: z.string(),
  issuedAt: z.string().nullable().describe('null until the PDF is issued'),
  sha256: z.string().nullable().describe('SHA-256 of the PDF as issued, hex'),
  size: z.number().int().nullable(),
});

/** The receipt issued when the invoice was marked paid: downloaded as PDF from the order's receipts route. */
export const orderReceiptView = z.object({
  receiptNumber: z.string().describe("'RCT-' + the order number"),
  amountCents: z.number().int(),
  issuedAt: z.string(),
  sha256: z.string().describe('SHA-256 of the PDF as issued, hex'),
  size: z.number().int().describe('Bytes'),
});

export const orderView = z.object({
  orderId: z.string(),
  orderNumber: z.string().describe("'LUM' + ddmmyyyy (New York date) + 7 digits"),
  placedAt: z.string(),
  status: z.enum(orderStatuses),
  lines: z.array(orderLineView),
  address: orderAddressView,
  billingAddress: billingAddressView
    .nullable()
    .optional()
    .describe("The invoice's own address; null or absent: the shipping address is used for the invoice"),
  taxExemptNumber: z.string().nullable(),
  taxState: z.string(),
  taxRateBasisPoints: z.number().int().describe('10.12% = 1012'),
  shipping: orderShippingView
    .nullable()
    .optional()
    .describe('null or absent: an order placed before shipping was charged (shipping 0)'),
  subtotalCents: z.number().int(),
  taxCents: z.number().int().describe('Sales tax on the subtotal and the shipping'),
  totalCents: z.number().int().describe('subtotal + shipping + tax'),
  payment: orderPaymentView.nullable(),
  shipment: z.object({ carrier: z.string(), trackingNumber: z.string(), shippedAt: z.string() }).nullable(),
  cancellation: z.object({ reason: z.string(), cancelledAt: z.string() }).nullable(),
  paidAt: z.string().nullable().describe("When staff marked the purchase order's invoice paid"),
  version: z.number().int().describe('Events in the order so far: send as expectedVersion with an order desk move'),
  invoices: z.array(orderInvoiceView),
  quote: orderQuoteView.nullable(),
  creditNotes: z.array(orderCreditNoteView),
  receipts: z.array(orderReceiptView),
});

export const orderKinds = ['orders', 'quotes'] as const;

export const orderListQuery = z.strictObject({
  ...pageParams({ maxPageSize: 50, defaultPageSize: 10 }),
  kind: z.enum(orderKinds, { error: "Kind is 'orders' or 'quotes'" }).default('orders'),
});

export const orderListView = z.object({
  orders: z.array(orderView),
  ...pagePosition,
});

/** The address checkout prefills: the customer's last order's, else their profile's (blank fields as ''). */
export const savedAddressView = orderAddressView.extend({
  billingAddress: billingAddressView
    .nullable()
    .optional()
    .describe("The last order's own invoice address, offered when the shipping address is not used for the invoice"),
  taxExemptNumber: z.string(),
  source: z.enum(['last-order', 'profile']),
});

/** 'Repeat order': the customer's cart with the order's still-sold lines added at today's prices, and the lines that were not. */
export const repeatOrderAnswer = z.object({
  cart: cartView,
  unavailable: z
    .array(z.object({ productName: z.string(), catalogNumber: z.string() }))
    .describe('Lines the catalogue no longer sells (or has none in stock)'),
});

export type OrderAddressView = z.infer<typeof orderAddressView>;
export type BillingAddressView = z.infer<typeof billingAddressView>;
export type OrderLineView = z.infer<typeof orderLineView>;
export type OrderShippingView = z.infer<typeof orderShippingView>;
export type OrderPaymentView = z.infer<typeof orderPaymentView>;
export type OrderView = z.infer<typeof orderView>;
export type OrderInvoiceView = z.infer<typeof orderInvoiceView>;
export type OrderQuoteView = z.infer<typeof orderQuoteView>;
export type OrderCreditNoteView = z.infer<typeof orderCreditNoteView>;
export type OrderKind = (typeof orderKinds)[number];
export type OrderListQuery = z.infer<typeof orderListQuery>;
export type OrderListView = z.infer<typeof orderListView>;
export type SavedAddressView = z.infer<typeof savedAddressView>;
export type RepeatOrderAnswer = z.infer<typeof repeatOrderAnswer>;

/** One document per customer: the address of their latest order, which checkout offers next time. */
export interface CustomerAddress extends StoredDocument {
  customerId: string;
  address: OrderAddress;
  /** The invoice's own address of that order (absent on documents from before issue 21, which had none). */
  billingAddress?: BillingAddress | null;
  taxExemptNumber: string | null;
  orderId: string;
  placedAt: string;
}

export const customerAddressesReadModel = readModel<CustomerAddress>('customer-addresses');

import type { InvoiceEvent } from './invoices-events.ts';
import type { LineAllocation } from '../stock/fold-stock.ts';
import type { OrderShipping } from './shipping.ts';
import { eventGuard, everyEventType } from '../every-event-type.ts';

/**
 * Events of orders and quotes.
 * - `order-<orderId>`: one order: placed, then paid by purchase order or turned into a quote request.
 *   The order id is derived from the customer and the client's idempotency key, so a retried placement
 *   lands on the same stream and the stream's "no stream yet" check makes exactly one order.
 * - `order-numbers-<ddmmyyyy>`: the New York day's order numbers, one `OrderNumberReserved` per number, appended
 *   at the revision the allocator last saw, so numbers are unique and strictly increase within the day across
 *   processes; the OrderPlaced that uses one names it. (Before issue 23 each number was its own
 *   `order-number-<orderNumber>` stream; those stay in the history and nothing reads them.)
 * Card numbers and CVVs never appear here: a purchase order keeps the card type and its last four digits.
 */
export const orderStream = (orderId: string) => `order-${orderId}`;
/** Order ids are uuids, which keeps out the `order-numbers-<day>` streams. */
const ORDER_STREAM = /^order-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
/** The order id of an order's stream (`orderStream`'s inverse); null for any other stream. */
export const orderIdOfStream = (stream: string): string | null => ORDER_STREAM.exec(stream)?.[1] ?? null;
export const orderNumbersStream = (ddmmyyyy: string) => `order-numbers-${ddmmyyyy}`;

export const cardTypes = ['visa', 'master', 'discover', 'amex'] as const;
export type CardType = (typeof cardTypes)[number];

/** Where the order goes, as the checkout's address form gave it. `state` is a two-letter code (50 states + DC). */
export interface OrderAddress {
  firstName: string;
  lastName: string;
  email: string;
  company: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  useForInvoice: boolean;
}

/** Where the invoice goes when the shipping address is not used for it (`useForInvoice` false). */
export type BillingAddress = Omit<OrderAddress, 'useForInvoice'>;

/** A line as it was sold: the catalogue's facts and price at the moment the order was placed. */
export interface OrderLine {
  detailId: string;
  subproductId: string;
  productName: string;
  productType: string;
  /** null: the detail itself (it has no price tiers); else the price tier's pack size. */
  packSize: string | null;
  catalogNumber: string;
  innerPackageId: string;
  imageUrl: string | null;
  productPath: string;
  quantity: number;
  unitPriceCents: number;
  listPriceCents: number;
  discountPercent: number;
  lineTotalCents: number;
}

export interface OrderPlacedData {
  orderId: string;
  orderNumber: string;
  customerId: string;
  lines: OrderLine[];
  address: OrderAddress;
  /** The invoice's own address: null (or absent, before issue 21) when the shipping address is used for the invoice. */
  billingAddress?: BillingAddress | null;
  /** The buyer's tax exemption (the spec's VAT field); when present the tax is 0. */
  taxExemptNumber: string | null;
  taxState: string;
  taxRateBasisPoints: number;
  /**
   * The shipping method chosen at checkout and its cost (integer cents, the dry-ice surcharge included), which the
   * total includes and the tax is charged on. Absent on orders placed before shipping was charged: shipping 0.
   */
  shipping?: OrderShipping;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  idempotencyKey: string;
  placedAt: string;
  /**
   * SHA-256 of the placement request's body (address and expected subtotal, as validated): a retry with the
   * same idempotency key but another body is refused (422). Absent on orders placed before it was recorded.
   */
  requestFingerprint?: string;
}

/** A purchase order as it is kept: the card reduced to its type and last four digits. */
export interface PurchaseOrderPayment {
  company: string;
  name: string;
  poNumber: string;
  cardType: CardType;
  cardLast4: string;
}

export interface QuoteRequest {
  company: string;
  name: string;
  poNumber: string;
}

/**
 * What staff do to an order in the back office's order desk (the state machine of docs/orders.md). Each names its
 * order; the admin who did it is the event's actor.
 */
export type StaffOrderEvent =
  | { type: 'OrderConfirmed'; data: { orderId: string; confirmedAt: string } }
  | { type: 'OrderPutOnHold'; data: { orderId: string; reason: string; heldAt: string } }
  | { type: 'OrderReleased'; data: { orderId: string; releasedAt: string } }
  | { type: 'OrderProcessing'; data: { orderId: string; processingAt: string } }
  | { type: 'OrderShipped'; data: { orderId: string; carrier: string; trackingNumber: string; shippedAt: string } }
  | { type: 'OrderDelivered'; data: { orderId: string; deliveredAt: string } }
  | { type: 'OrderClosed'; data: { orderId: string; closedAt: string } }
  | { type: 'OrderCancelled'; data: { orderId: string; reason: string; cancelledAt: string } }
  /** The purchase order's invoice was paid; `reference` is what staff note about the payment (may be ''). */
  | { type: 'InvoiceMarkedPaid'; data: { orderId: string; reference: string; paidAt: string } }
  /** Staff priced a quote request (or revised their quote): the order's lines at the quoted unit prices. */
  | { type: 'QuoteSent'; data: QuoteSentData }
  /**
   * Staff credit part (or all) of the order's issued invoice; the workers render the credit note's PDF and
   * append CreditNoteIssued (events/invoices.ts). The number is `CN-<order number>-<n>`, n counting the order's notes.
   */
  | { type: 'CreditNoteRequested'; data: CreditNoteRequestedData };

/**
 * A quote: every line of the order, in its order, with the unit price staff quoted (integer cents) and the
 * line total from it; the totals by the checkout's tax rules (the order's state rate, or 0 when exempt).
 * It can be accepted until `expiresAt` (the end of the business day staff chose).
 */
export interface QuoteSentData {
  orderId: string;
  lines: OrderLine[];
  subtotalCents: number;
  /** The order's shipping cost, which the quote's total includes (absent on quotes sent before shipping was charged: 0). */
  shippingCents?: number;
  taxCents: number;
  totalCents: number;
  expiresAt: string;
  sentAt: string;
}

export interface CreditNoteRequestedData {
  orderId: string;
  creditNoteNumber: string;
  /** The invoice it corrects. */
  invoiceNumber: string;
  amountCents: number;
  reason: string;
  requestedAt: string;
}

/**
 * The customer came back through the address step of the same open checkout with another cart or address:
 * the unpaid order takes the new lines, address and totals (one order per checkout, never a second one).
 */
export type CheckoutRevisedData = Omit<OrderPlacedData, 'orderNumber' | 'customerId' | 'placedAt'> & {
  revisedAt: string;
};

/** Why an unpaid checkout ended without staff: the customer cancelled it, or it was left unpaid too long. */
export const checkoutCancelReasons = {
  byCustomer: 'Cancelled by the customer before payment',
  expired: 'Checkout expired: not paid within 7 days',
} as const;

/** An unpaid checkout is cancelled by an event this long after it was placed (the workers' checkout-expiry job). */
export const CHECKOUT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type OrderEvent =
  | { type: 'OrderPlaced'; data: OrderPlacedData }
  | { type: 'CheckoutRevised'; data: CheckoutRevisedData }
  /** `allocations`: per line (in the order's line order), the units reserved from stock and on backorder (absent before issue 21). */
  | {
      type: 'PurchaseOrderSubmitted';
      data: PurchaseOrderPayment & {
        orderId: string;
        customerId: string;
        submittedAt: string;
        allocations?: LineAllocation[];
      };
    }
  | { type: 'QuoteRequested'; data: QuoteRequest & { orderId: string; customerId: string; requestedAt: string } }
  /** The customer accepted the quote as last sent, before it expired: it is an order at the quoted prices. */
  | {
      type: 'QuoteAccepted';
      data: {
        orderId: string;
        customerId: string;
        acceptedAt: string;
        /** The buyer's PO number given on accepting ('' or absent: the request's stands). */ poNumber?: string;
        allocations?: LineAllocation[];
      };
    }
  /** The customer declined the quote as last sent; `reason` may be ''. */
  | { type: 'QuoteDeclined'; data: { orderId: string; customerId: string; reason: string; declinedAt: string } }
  | StaffOrderEvent
  // Appended by the workers once an invoice or a credit note is issued (events/invoices.ts).
  | InvoiceEvent;

/**
 * An event of `order-numbers-<ddmmyyyy>`: the number is taken, `sequence` its place in the day. A number is
 * reserved the moment a placement needs it; one never placed (a lost race with the same idempotency key) is a gap.
 */
export interface OrderNumberReserved {
  type: 'OrderNumberReserved';
  data: { orderNumber: string; sequence: number };
}

export type OrderEventType = OrderEvent['type'];

export const staffOrderEventTypes = everyEventType<StaffOrderEvent['type']>()([
  'OrderConfirmed',
  'OrderPutOnHold',
  'OrderReleased',
  'OrderProcessing',
  'OrderShipped',
  'OrderDelivered',
  'OrderClosed',
  'OrderCancelled',
  'InvoiceMarkedPaid',
  'QuoteSent',
  'CreditNoteRequested',
]);

export const orderEventTypes = everyEventType<OrderEventType>()([
  'OrderPlaced',
  'CheckoutRevised',
  'PurchaseOrderSubmitted',
  'QuoteRequested',
  'QuoteAccepted',
  'QuoteDeclined',
  ...staffOrderEventTypes,
  'InvoiceIssued',
  'CreditNoteIssued',
  'PaymentReceiptIssued',
]);

/** Whether an event is one of an order's, which the order fold reads (a set: projections ask it of every event). */
export const isOrderEvent = eventGuard<OrderEvent>(orderEventTypes);

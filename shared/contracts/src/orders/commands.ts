import { z } from 'zod';
import { postalAddressFields } from '../postal-address.ts';
import { cardTypes, type CardType } from './events.ts';
import { email, entityId, isStorableText, optionalText, requiredText, unstorableTextMessage } from '../fields.ts';
import { cardNumberProblem, cvvProblem } from './payment-cards.ts';
import { shippingMethodInput } from './shipping.ts';
import { positionResponse } from '../answers.ts';
import { orderView, repeatOrderAnswer } from './queries.ts';

/**
 * Checkout inputs (spec §5: the address and payment forms), worded for the shopper; the frontend
 * validates its forms with these same schemas. Every text refuses what cannot be stored (fields.ts).
 */

const optional = (label: string, max: number) => optionalText(label, max).default('');

export const TAX_EXEMPT_AT_CHECKOUT =
  'Tax exemption is not typed at checkout: file your certificate under My Account; orders are tax free once staff have verified it';

/** The address form of checkout step 2. `state` is the two-letter code of one of the 50 states or DC. */
export const orderAddressInput = z.strictObject({
  firstName: requiredText('First name', 50),
  lastName: requiredText('Last name', 50),
  email: email.refine(isStorableText, unstorableTextMessage('Email')),
  company: optional('Company', 100),
  /**
   * The spec's VAT field, no longer typed at checkout: exemption is a certificate filed on the account and
   * verified by staff (orders/tax-exemption.ts). Kept so older clients' blank field is accepted; anything typed is refused.
   */
  taxExemptNumber: optional('Tax Exempt Number', 50).refine((typed) => typed === '', TAX_EXEMPT_AT_CHECKOUT),
  ...postalAddressFields,
  useForInvoice: z.boolean({ error: 'Use for invoice must be true or false' }).default(true),
});

/** The invoice's address when the shipping address is not used for it: the same fields and rules, the email editable. */
export const billingAddressInput = orderAddressInput.omit({ taxExemptNumber: true, useForInvoice: true });

export const BILLING_ADDRESS_REQUIRED = 'Please enter the billing address, or use the shipping address for the invoice';

/** The shipping step's choice for the order the address step placed (its cost is decided by the server). */
export const chooseShippingMethodInput = z.strictObject({ shippingMethod: shippingMethodInput });

/**
 * Place the signed-in customer's cart as an order. `expectedSubtotalCents` is the subtotal the customer
 * was shown: when today's prices make another one, the order is refused with the new prices.
 */
export const placeOrderInput = z
  .strictObject({
    idempotencyKey: z.uuid('Idempotency key must be a uuid'),
    address: orderAddressInput,
    /** Required when `address.useForInvoice` is false; ignored (not stored) when it is true. */
    billingAddress: billingAddressInput.nullish(),
    /** The shipping step's choice (orders/shipping.ts); its cost and any dry-ice surcharge are decided by the server. */
    shippingMethod: shippingMethodInput,
    expectedSubtotalCents: z
      .number({ error: 'Expected subtotal must be a number of cents' })
      .int('Expected subtotal must be a whole number of cents')
      .min(0, 'Expected subtotal cannot be negative')
      .max(Number.MAX_SAFE_INTEGER, 'Expected subtotal is too large'),
  })
  .superRefine((body, context) => {
    if (!body.address.useForInvoice && !body.billingAddress)
      context.addIssue({ code: 'custom', path: ['billingAddress'], message: BILLING_ADDRESS_REQUIRED });
  });

export { passesLuhn } from './payment-cards.ts';

const cardNumber = z
  .string({ error: 'Card number is required' })
  .transform((text) => text.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Card number is required')
      .regex(/^\d{12,19}$/, 'Invalid card number format'),
  );

const expiryMonths = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

/** Cards run at most 20 years ahead; the years offered are this one and the next 20. */
export const CARD_YEARS_AHEAD = 20;

const expiryYear = z
  .string({ error: 'Please select expiry year' })
  .regex(/^\d{4}$/, 'Please select expiry year')
  .refine((year) => {
    const thisYear = new Date().getUTCFullYear();
    return Number(year) >= thisYear && Number(year) <= thisYear + CARD_YEARS_AHEAD;
  }, 'Please select expiry year');

const cvv = z
  .string({ error: 'CVV is required' })
  .min(1, 'CVV is required')
  .regex(/^\d{3,4}$/, 'Invalid CVV (3 or 4 digits)');

/**
 * 'Continue Payment': the purchase order with the card it is charged to. The card number and CVV are
 * checked here and dropped by the command API: only the card type and last four digits are kept.
 */
export const purchaseOrderInput = z
  .strictObject({
    company: optional('Company', 100),
    name: requiredText('Name', 100),
    poNumber: optional('PO Number', 50),
    cardType: z.enum(cardTypes, { error: 'Please select a card type' }),
    cardNumber,
    month: z.enum(expiryMonths, { error: 'Please select expiry month' }),
    year: expiryYear,
    cvv,
  })
  .refine(({ month, year }) => !expiredThisYear(month, year), { message: 'This card has expired', path: ['month'] })
  // The brand's own rules (issue 21): its prefixes and lengths, the Luhn check, and its security code's length; each
  // checked once the fields it reads are valid on their own, whatever the others hold (a form shows it as typed).
  .refine(({ cardType, cardNumber: digits }) => cardNumberProblem(cardType, digits) === null, {
    path: ['cardNumber'],
    when: fieldsValid('cardType', 'cardNumber'),
    error: (issue) => cardNumberProblem(...brandAndValue(issue.input, 'cardNumber')) ?? undefined,
  })
  .refine(({ cardType, cvv: code }) => cvvProblem(cardType, code) === null, {
    path: ['cvv'],
    when: fieldsValid('cardType', 'cvv'),
    error: (issue) => cvvProblem(...brandAndValue(issue.input, 'cvv')) ?? undefined,
  });

/**
 * A refinement's `when`: the body is an object (an issue at its root, such as a body that is an array, leaves
 * nothing to read) and the named fields parsed without an issue of their own.
 */
function fieldsValid(...fields: string[]) {
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));
}

/** The card type and one field of the parsed purchase order a refinement's message is about. */
const brandAndValue = (input: unknown, field: 'cardNumber' | 'cvv') => {
  const parsed = input as { cardType: CardType } & Record<typeof field, string>;
  return [parsed.cardType, parsed[field]] as const;
};

/** A card of an earlier month of this year (earlier years are refused by the year rule on their own). */
function expiredThisYear(month: string, year: string): boolean {
  const now = new Date();
  return Number(year) === now.getUTCFullYear() && Number(month) < now.getUTCMonth() + 1;
}

/** 'Continue Quote': a quote request needs no card at all, and every field may stay empty. */
export const quoteRequestInput = z.strictObject({
  company: optional('Company', 100),
  name: optional('Name', 100),
  poNumber: optional('PO Number', 50),
});

/** 'Repeat order': the order's still-available lines back into the cart; `commandId` makes a retry harmless. */
export const repeatOrderInput = z.strictObject({ commandId: entityId('Command id') });

export const orderIdParams = z.strictObject({ orderId: entityId('Order id') });

/**
 * 'Accept' in My Quotes: `expectedVersion` is the order's version the customer saw (the order view's), so a
 * quote staff revised meanwhile is refused (409) rather than accepted at prices the customer never saw.
 */
const quoteVersion = z
  .number({ error: 'Expected version must be a whole number' })
  .int('Expected version must be a whole number')
  .min(1, 'Expected version starts at 1');

/** Accepting names the buyer's purchase order number, printed on the invoice (blank keeps the one given with the request). */
export const acceptQuoteInput = z.strictObject({ expectedVersion: quoteVersion, poNumber: optional('PO Number', 50) });

/** Declining says why, if the customer wants to. */
export const declineQuoteInput = z.strictObject({ expectedVersion: quoteVersion, reason: optional('Reason', 500) });

export type OrderAddressInput = z.infer<typeof orderAddressInput>;
export type PlaceOrderInput = z.infer<typeof placeOrderInput>;
export type BillingAddressInput = z.infer<typeof billingAddressInput>;
export type ChooseShippingMethodInput = z.infer<typeof chooseShippingMethodInput>;
export type PurchaseOrderInput = z.infer<typeof purchaseOrderInput>;
export type QuoteRequestInput = z.infer<typeof quoteRequestInput>;
export type AcceptQuoteInput = z.infer<typeof acceptQuoteInput>;
export type DeclineQuoteInput = z.infer<typeof declineQuoteInput>;

/** An order command's answer: the order as decided, and the position of its events. */
export const orderCommandResponse = orderView.extend(positionResponse.shape);
export type OrderCommandAnswer = z.infer<typeof orderCommandResponse>;

export const repeatOrderResponse = repeatOrderAnswer.extend(positionResponse.shape);
export type RepeatOrderCommandAnswer = z.infer<typeof repeatOrderResponse>;

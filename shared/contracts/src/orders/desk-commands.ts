import { z } from 'zod';
import { optionalText, requiredText } from '../fields.ts';
import { isIsoDay } from '../dates.ts';

/**
 * The order desk's moves (back office): each body may carry the order's version the admin saw
 * (`expectedVersion`, from the order view); a move on an older version answers 409.
 */
const expectedVersion = z
  .number({ error: 'Expected version must be a whole number' })
  .int('Expected version must be a whole number')
  .min(1, 'Expected version starts at 1')
  .optional();

/** Confirm, release, process, deliver, close: nothing to say but the version. */
export const deskMoveInput = z.strictObject({ expectedVersion });

export const holdOrderInput = z.strictObject({ expectedVersion, reason: optionalText('Reason', 500).default('') });

export const shipOrderInput = z.strictObject({
  expectedVersion,
  carrier: requiredText('Carrier', 100),
  trackingNumber: requiredText('Tracking number', 100),
});

export const cancelOrderInput = z.strictObject({ expectedVersion, reason: requiredText('Reason', 500) });

/** `reference`: what staff note about the payment (a cheque or transfer number), may be empty. */
export const markInvoicePaidInput = z.strictObject({
  expectedVersion,
  reference: optionalText('Payment reference', 200).default(''),
});

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .max(100_000_000_00, `${label} is too large`);

/**
 * Send (or revise) a quote: a unit price for each of the order's lines, in the order's line order, and the
 * last business (New York) day it can be accepted on, 'YYYY-MM-DD'.
 */
export const sendQuoteInput = z.strictObject({
  expectedVersion,
  unitPricesCents: z
    .array(cents('Unit price').min(0, 'Unit price cannot be negative'), {
      error: 'Unit prices must be a list of prices in cents',
    })
    .min(1, 'Give a unit price for every line')
    .max(500, 'Too many unit prices'),
  expiresOn: z.string({ error: 'Valid until is required' }).refine(isIsoDay, 'Valid until must be a date (YYYY-MM-DD)'),
});

/** Credit part or all of the order's invoice: an amount in cents (at most what is left to credit) and why. */
export const issueCreditNoteInput = z.strictObject({
  expectedVersion,
  amountCents: cents('Amount').min(1, 'Amount must be more than $0.00'),
  reason: requiredText('Reason', 500),
});

export type SendQuoteInput = z.infer<typeof sendQuoteInput>;
export type IssueCreditNoteInput = z.infer<typeof issueCreditNoteInput>;

import { z } from 'zod';
import { optionalText, requiredText } from './fields.ts';

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
export const markInvoicePaidInput = z.strictObject({ expectedVersion, reference: optionalText('Payment reference', 200).default('') });

export type DeskMoveInput = z.infer<typeof deskMoveInput>;
export type HoldOrderInput = z.infer<typeof holdOrderInput>;
export type ShipOrderInput = z.infer<typeof shipOrderInput>;
export type CancelOrderInput = z.infer<typeof cancelOrderInput>;
export type MarkInvoicePaidInput = z.infer<typeof markInvoicePaidInput>;

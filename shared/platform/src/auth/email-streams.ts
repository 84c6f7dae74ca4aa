import { createHash } from 'node:crypto';

/**
 * The streams that reserve a normalised email for one customer or one admin (appended only to a stream that
 * does not exist yet, so the event store itself keeps emails unique). Named by a SHA-256 of the address so
 * addresses stay out of stream names; the hash needs Node, so these live here and not beside the events.
 */
export const customerEmailStream = (normalisedEmail: string) =>
  `customer-email-${createHash('sha256').update(normalisedEmail).digest('hex')}`;

export const adminEmailStream = (normalisedEmail: string) =>
  `admin-email-${createHash('sha256').update(normalisedEmail).digest('hex')}`;

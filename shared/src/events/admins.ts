import { createHash } from 'node:crypto';

/** Events of admin accounts. An admin's email is reserved in its own stream so it stays unique. */
export const adminStream = (adminId: string) => `admin-${adminId}`;

/** The stream that reserves an email for one admin; named by a hash so addresses stay out of stream names. */
export const adminEmailStream = (normalisedEmail: string) =>
  `admin-email-${createHash('sha256').update(normalisedEmail).digest('hex')}`;

export type AdminEvent =
  | { type: 'AdminEmailReserved'; data: { adminId: string; email: string } }
  | { type: 'AdminRegistered'; data: { adminId: string; email: string; passwordHash: string } }
  | { type: 'AdminSignedIn'; data: { adminId: string } }
  /** Ends every session of the admin signed in before it (see auth/session-generations.ts). */
  | { type: 'AdminPasswordChanged'; data: { adminId: string; passwordHash: string } };

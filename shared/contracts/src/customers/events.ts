import type { ReturnPath } from './return-paths-commands.ts';
import { everyEventType } from '../every-event-type.ts';
import { usStateCodeOf } from '../us-states.ts';

/**
 * Events of customer accounts. `customer-email-<sha256(email)>` reserves a normalised email for one
 * customer id (`customerEmailStream` in auth/email-streams.ts, which hashes with Node); `customer-<customerId>`
 * holds the account.
 *
 * Email tokens are never stored: an event keeps the token's id, the SHA-256 of the token and its expiry
 * (see auth/email-tokens.ts). Events that cause a mail carry the recipient's email and names, because a
 * reactor decides from the one event it is given.
 */
export const customerStream = (customerId: string) => `customer-${customerId}`;

export type CustomerTitle = 'Mr' | 'Ms';

/** What My Profile edits (the address a customer ships and is invoiced to by default). */
export interface CustomerProfileFields {
  fullName: string;
  company: string;
  vatNumber: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  /**
   * One of the 50 US states or District of Columbia by its two-letter code, as every address keeps it; '' until chosen.
   * Profiles saved before issue 38 recorded the name: `withProfileChanges` reads those as the code.
   */
  state: string;
  zipCode: string;
}

export const customerProfileFieldNames = [
  'fullName',
  'company',
  'vatNumber',
  'phone',
  'address1',
  'address2',
  'city',
  'state',
  'zipCode',
] as const satisfies readonly (keyof CustomerProfileFields)[];

export const emptyCustomerProfile = (): CustomerProfileFields => ({
  fullName: '',
  company: '',
  vatNumber: '',
  phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  zipCode: '',
});

/** A profile with a CustomerProfileChanged's changes applied (both folds of the stream use it): a state's name is read as its code. */
export function withProfileChanges(
  profile: CustomerProfileFields,
  changes: Partial<CustomerProfileFields>,
): CustomerProfileFields {
  const changed = { ...profile, ...changes };
  return changes.state === undefined ? changed : { ...changed, state: usStateCodeOf(changes.state) };
}

export interface CustomerRecipient {
  email: string;
  title: CustomerTitle;
  firstName: string;
  lastName: string;
}

/** An issued email token as events record it: enough to check a presented token, useless to forge one. */
export interface IssuedEmailToken {
  tokenId: string;
  /** base64url SHA-256 of the token the link carries. */
  tokenHash: string;
  /** ISO-8601. */
  expiresAt: string;
}

export type ActivationReason = 'registration' | 'resend';

export type CustomerEvent =
  | { type: 'CustomerEmailReserved'; data: { customerId: string; email: string } }
  /** A registration failed after reserving its email: the email is free again. */
  | { type: 'CustomerEmailReleased'; data: { customerId: string; email: string } }
  | {
      type: 'CustomerRegistered';
      data: CustomerRecipient & {
        customerId: string;
        passwordHash: string;
        newsletter: boolean;
        termsAcceptedAt: string;
      };
    }
  /** `returnTo`: the shop page the activation link leads back to after sign-in (registering at checkout). */
  | {
      type: 'ActivationTokenIssued';
      data: CustomerRecipient &
        IssuedEmailToken & { customerId: string; reason: ActivationReason; returnTo?: ReturnPath };
    }
  | { type: 'CustomerActivated'; data: CustomerRecipient & { customerId: string; tokenId: string } }
  | { type: 'PasswordResetRequested'; data: CustomerRecipient & IssuedEmailToken & { customerId: string } }
  | { type: 'CustomerPasswordReset'; data: { customerId: string; tokenId: string; passwordHash: string } }
  | { type: 'CustomerProfileChanged'; data: { customerId: string; changes: Partial<CustomerProfileFields> } }
  | { type: 'CustomerSignedIn'; data: { customerId: string; rememberMe: boolean } }
  /** Ends the one session whose token id is `sessionId` (see auth/session-generations.ts). */
  | { type: 'CustomerSignedOut'; data: { customerId: string; sessionId: string } }
  /**
   * An admin erased the customer (CCPA/GDPR): it carries no personal data, and the event store deletes
   * the customer's key as it records it, so every copy of their data in the log reads as erased.
   */
  | {
      type: 'CustomerErased';
      /**
       * `submissionIds`: the inbox's inquiries and contact messages sent from the customer's emails, erased with them (absent: none).
       * `orderIds`: the customer's orders, whose staff-typed text (sealed with the customer's key) read models scrub too (absent: not listed).
       */
      data: { customerId: string; erasedAt: string; submissionIds?: string[]; orderIds?: string[] };
    };

export type CustomerEventType = CustomerEvent['type'];

/** The events of `customer-<customerId>` (the reservation lives in its own stream). */
export type CustomerStreamEvent = Exclude<CustomerEvent, { type: 'CustomerEmailReserved' | 'CustomerEmailReleased' }>;

export const customerEventTypes = everyEventType<CustomerEventType>()([
  'CustomerEmailReserved',
  'CustomerEmailReleased',
  'CustomerRegistered',
  'ActivationTokenIssued',
  'CustomerActivated',
  'PasswordResetRequested',
  'CustomerPasswordReset',
  'CustomerProfileChanged',
  'CustomerSignedIn',
  'CustomerSignedOut',
  'CustomerErased',
]);

import {
  emptyCustomerProfile,
  withProfileChanges,
  type CustomerProfileFields,
  type CustomerRecipient,
  type CustomerStreamEvent,
  type IssuedEmailToken,
} from './events.ts';
import type { ReturnPath } from './return-paths-commands.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of a `customer-<id>` stream: the customer decider decides on it and the customer-profiles
 * read model is built from it (dropping `credentials`), so an account's activation and profile as decided
 * and as shown cannot disagree.
 */
export interface FoldedAccount {
  customerId: string;
  recipient: CustomerRecipient;
  newsletter: boolean;
  activated: boolean;
  profile: CustomerProfileFields;
  credentials: AccountCredentials;
}

/** What only the decider reads (never shown): the password's hash and the email tokens that still work. */
export interface AccountCredentials {
  passwordHash: string;
  /** The one activation link that still works, if any: a newer one replaces it, activating consumes it. */
  activationToken: IssuedEmailToken | null;
  /** Where the registration's activation link leads back to (registered inside checkout); a resent link keeps it. */
  returnTo: ReturnPath | null;
  resetToken: IssuedEmailToken | null;
}

/** 'erased': nothing of the account is left to act on or show; its id stays taken. */
export type FoldedCustomer =
  { status: 'unregistered' } | { status: 'erased'; customerId: string } | ({ status: 'registered' } & FoldedAccount);

export const noCustomer = (): FoldedCustomer => ({ status: 'unregistered' });

export function evolveCustomer(customer: FoldedCustomer, event: CustomerStreamEvent): FoldedCustomer {
  if (event.type === 'CustomerRegistered') {
    const { customerId, email, title, firstName, lastName, passwordHash, newsletter } = event.data;
    return {
      status: 'registered',
      customerId,
      recipient: { email, title, firstName, lastName },
      newsletter,
      activated: false,
      profile: emptyCustomerProfile(),
      credentials: { passwordHash, activationToken: null, returnTo: null, resetToken: null },
    };
  }
  if (event.type === 'CustomerErased') return { status: 'erased', customerId: event.data.customerId };
  if (customer.status !== 'registered') return customer;
  const { credentials } = customer;
  switch (event.type) {
    case 'ActivationTokenIssued': {
      const activationToken = tokenOf(event.data);
      const returnTo = event.data.returnTo ?? credentials.returnTo;
      return { ...customer, credentials: { ...credentials, activationToken, returnTo } };
    }
    case 'CustomerActivated':
      return { ...customer, activated: true, credentials: { ...credentials, activationToken: null } };
    case 'PasswordResetRequested':
      return { ...customer, credentials: { ...credentials, resetToken: tokenOf(event.data) } };
    case 'CustomerPasswordReset':
      return { ...customer, credentials: { ...credentials, passwordHash: event.data.passwordHash, resetToken: null } };
    case 'CustomerProfileChanged':
      return { ...customer, profile: withProfileChanges(customer.profile, event.data.changes) };
    case 'CustomerSignedIn':
    case 'CustomerSignedOut':
      return customer;
    default:
      return exhaustive(event);
  }
}

const tokenOf = ({ tokenId, tokenHash, expiresAt }: IssuedEmailToken): IssuedEmailToken => ({
  tokenId,
  tokenHash,
  expiresAt,
});

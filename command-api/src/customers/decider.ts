import { DomainError } from '@labshop/contracts/domain-error';
import { sameTokenHash } from '@labshop/platform/auth/email-tokens';
import type { ReturnPath } from '@labshop/contracts/customers/return-paths-commands';
import {
  customerProfileFieldNames,
  type CustomerProfileFields,
  type CustomerStreamEvent,
  type CustomerTitle,
  type IssuedEmailToken,
} from '@labshop/contracts/customers/events';
import {
  evolveCustomer,
  noCustomer,
  type FoldedAccount,
  type FoldedCustomer,
} from '@labshop/contracts/customers/fold-customer';
import { exhaustive } from '@labshop/contracts/exhaustive';
import type { Decider } from '@labshop/contracts/decider';

export type CustomerCommand =
  | {
      type: 'RegisterCustomer';
      customerId: string;
      title: CustomerTitle;
      firstName: string;
      lastName: string;
      email: string;
      passwordHash: string;
      newsletter: boolean;
      activationToken: IssuedEmailToken;
      returnTo?: ReturnPath;
      now: Date;
    }
  | { type: 'ResendActivation'; activationToken: IssuedEmailToken }
  | { type: 'ActivateCustomer'; tokenHash: string; now: Date }
  | { type: 'RequestPasswordReset'; resetToken: IssuedEmailToken }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: Date }
  | { type: 'ChangeProfile'; profile: CustomerProfileFields }
  | { type: 'RecordSignIn'; rememberMe: boolean }
  | { type: 'RecordSignOut'; sessionId: string }
  /** An admin erases the customer (CCPA/GDPR); the event store deletes their key as it records it. */
  | { type: 'EraseCustomer'; now: Date; submissionIds: string[]; orderIds: string[] };

export const EMAIL_ALREADY_REGISTERED = 'Email already registered!';
export const CUSTOMER_ALREADY_ERASED = 'This customer has been erased already.';

function decide(command: CustomerCommand, state: FoldedCustomer): CustomerStreamEvent[] {
  switch (command.type) {
    case 'RegisterCustomer': {
      if (state.status !== 'unregistered') throw new DomainError('conflict', EMAIL_ALREADY_REGISTERED);
      const {
        customerId,
        title,
        firstName,
        lastName,
        email,
        passwordHash,
        newsletter,
        activationToken,
        returnTo,
        now,
      } = command;
      const recipient = { email, title, firstName, lastName };
      return [
        {
          type: 'CustomerRegistered',
          data: { customerId, ...recipient, passwordHash, newsletter, termsAcceptedAt: now.toISOString() },
        },
        {
          type: 'ActivationTokenIssued',
          data: {
            customerId,
            ...recipient,
            ...activationToken,
            reason: 'registration',
            ...(returnTo === undefined ? {} : { returnTo }),
          },
        },
      ];
    }
    case 'ResendActivation': {
      // Unknown and already active accounts get no mail; the caller answers the same either way.
      if (state.status !== 'registered' || state.activated) return [];
      const { customerId, recipient } = state;
      const { returnTo } = state.credentials;
      return [
        {
          type: 'ActivationTokenIssued',
          data: {
            customerId,
            ...recipient,
            ...command.activationToken,
            reason: 'resend',
            ...(returnTo === null ? {} : { returnTo }),
          },
        },
      ];
    }
    case 'ActivateCustomer': {
      if (state.status === 'registered' && state.activated) {
        throw new DomainError('invalid', 'This account is already activated. Please sign in.');
      }
      const token = usableToken(
        state.status === 'registered' ? state.credentials.activationToken : null,
        command,
        activationRefusals,
      );
      const account = state as FoldedAccount;
      return [
        {
          type: 'CustomerActivated',
          data: { customerId: account.customerId, ...account.recipient, tokenId: token.tokenId },
        },
      ];
    }
    case 'RequestPasswordReset':
      if (state.status !== 'registered') return [];
      return [
        {
          type: 'PasswordResetRequested',
          data: { customerId: state.customerId, ...state.recipient, ...command.resetToken },
        },
      ];
    case 'ResetPassword': {
      const token = usableToken(
        state.status === 'registered' ? state.credentials.resetToken : null,
        command,
        resetRefusals,
      );
      const { customerId } = state as FoldedAccount;
      return [
        {
          type: 'CustomerPasswordReset',
          data: { customerId, tokenId: token.tokenId, passwordHash: command.passwordHash },
        },
      ];
    }
    case 'ChangeProfile': {
      const account = registered(state);
      const changes: Partial<CustomerProfileFields> = {};
      for (const field of customerProfileFieldNames) {
        if (command.profile[field] !== account.profile[field]) changes[field] = command.profile[field];
      }
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'CustomerProfileChanged', data: { customerId: account.customerId, changes } }];
    }
    case 'RecordSignIn':
      return [
        {
          type: 'CustomerSignedIn',
          data: { customerId: registered(state).customerId, rememberMe: command.rememberMe },
        },
      ];
    case 'RecordSignOut':
      return [
        { type: 'CustomerSignedOut', data: { customerId: registered(state).customerId, sessionId: command.sessionId } },
      ];
    case 'EraseCustomer':
      if (state.status === 'erased') throw new DomainError('conflict', CUSTOMER_ALREADY_ERASED);
      return [
        {
          type: 'CustomerErased',
          data: {
            customerId: registered(state).customerId,
            erasedAt: command.now.toISOString(),
            submissionIds: command.submissionIds,
            orderIds: command.orderIds,
          },
        },
      ];
    default:
      return exhaustive(command);
  }
}

export const activationRefusals = {
  invalid: 'This activation link is not valid: it was replaced by a newer one or has been used already.',
  expired: 'This activation link has expired. Please request a new one.',
};

export const resetRefusals = {
  invalid: 'This password reset link is not valid: it was replaced by a newer one or has been used already.',
  expired: 'This password reset link has expired. Please request a new one.',
};

/** The latest issued token, if the presented one is it and it has not expired; refused otherwise. */
function usableToken(
  latest: IssuedEmailToken | null,
  presented: { tokenHash: string; now: Date },
  refusals: { invalid: string; expired: string },
): IssuedEmailToken {
  if (latest === null || !sameTokenHash(presented.tokenHash, latest.tokenHash))
    throw new DomainError('invalid', refusals.invalid);
  if (presented.now.getTime() >= Date.parse(latest.expiresAt)) throw new DomainError('invalid', refusals.expired);
  return latest;
}

function registered(state: FoldedCustomer): FoldedAccount {
  if (state.status !== 'registered') throw new DomainError('not_found', 'Customer not found');
  return state;
}

/** Decides on the stream's one fold (`evolveCustomer`), which the customer-profiles read model shows too. */
export const customerDecider: Decider<FoldedCustomer, CustomerCommand, CustomerStreamEvent> = {
  initialState: noCustomer,
  evolve: evolveCustomer,
  decide,
};

import { DomainError } from '@labshop/contracts/domain-error';
import type { Decider } from '@labshop/contracts/decider';
import type { FoldedStream } from '@labshop/platform/deciders/stream-fold-cache';
import type { AdminEvent, AdminSignInFailure } from '@labshop/contracts/admins/events';

/** An admin account as its stream folds: what signing in and changing the password are decided on; null until registered. */
export type AdminState = { email: string; passwordHash: string } | null;

/** Password hashes come in through the commands: hashing is slow and random, deciding is pure. */
export type AdminCommand =
  /** Registers the admin unless the stream has one already (a second creation for the same email changes nothing). */
  | { type: 'RegisterAdmin'; adminId: string; email: string; passwordHash: string }
  | { type: 'RecordSignIn'; adminId: string }
  /** Ends the one session of that token id. */
  | { type: 'SignOut'; adminId: string; sessionId: string }
  /** `verifiedHash`: the hash the current password was checked against; a change meanwhile refuses this one. */
  | { type: 'ChangePassword'; adminId: string; passwordHash: string; verifiedHash: string }
  /** Goes to the admin-security stream (append only: see `appendOnly`), whoever's the email was. */
  | { type: 'RecordFailedSignIn'; adminId: string | null; email: string; reason: AdminSignInFailure };

export const adminMessages = {
  notFound: 'Admin not found',
  passwordChangedMeanwhile: 'The password was changed meanwhile. Please sign in again.',
};

function decide(command: AdminCommand, admin: AdminState): AdminEvent[] {
  switch (command.type) {
    case 'RegisterAdmin': {
      const { adminId, email, passwordHash } = command;
      return admin ? [] : [{ type: 'AdminRegistered', data: { adminId, email, passwordHash } }];
    }
    case 'RecordSignIn':
      if (!admin) throw new DomainError('not_found', adminMessages.notFound);
      return [{ type: 'AdminSignedIn', data: { adminId: command.adminId } }];
    case 'SignOut':
      return [{ type: 'AdminSignedOut', data: { adminId: command.adminId, sessionId: command.sessionId } }];
    case 'ChangePassword':
      if (!admin) throw new DomainError('not_found', adminMessages.notFound);
      if (admin.passwordHash !== command.verifiedHash)
        throw new DomainError('conflict', adminMessages.passwordChangedMeanwhile);
      return [{ type: 'AdminPasswordChanged', data: { adminId: command.adminId, passwordHash: command.passwordHash } }];
    case 'RecordFailedSignIn': {
      const { adminId, email, reason } = command;
      return [{ type: 'AdminSignInFailed', data: { adminId, email, reason } }];
    }
  }
}

export const adminDecider: Decider<AdminState, AdminCommand, AdminEvent> = {
  initialState: () => null,
  evolve(admin, event) {
    if (event.type === 'AdminRegistered') return { email: event.data.email, passwordHash: event.data.passwordHash };
    if (event.type === 'AdminPasswordChanged' && admin) return { ...admin, passwordHash: event.data.passwordHash };
    return admin;
  },
  decide,
};

/**
 * For handleCommand's `load` on a stream that only records (admin-security, every failed sign-in): decided
 * on no state and appended whatever the stream holds, so a growing audit stream is never read to add to it.
 */
export const appendOnly = async (): Promise<FoldedStream<AdminState>> => ({
  state: null,
  revision: 'any',
  position: '',
});

import { describe, it } from 'vitest';
import type { AdminEvent } from '@labshop/contracts/admins/events';
import { spec } from '@labshop/contracts/testing/decider-spec';
import { adminDecider, adminMessages } from './decider.ts';

const adminId = '00000000-0000-4000-8000-0000000ad0a1';
const registered: AdminEvent = {
  type: 'AdminRegistered',
  data: { adminId, email: 'owner@example.com', passwordHash: 'hash-1' },
};
const changed: AdminEvent = { type: 'AdminPasswordChanged', data: { adminId, passwordHash: 'hash-2' } };
const admins = spec(adminDecider);

describe('admin decider', () => {
  it('registers an admin once: a second registration of the stream changes nothing', () => {
    admins
      .given([])
      .when({ type: 'RegisterAdmin', adminId, email: 'owner@example.com', passwordHash: 'hash-1' })
      .then([registered]);
    admins
      .given([registered])
      .when({ type: 'RegisterAdmin', adminId, email: 'owner@example.com', passwordHash: 'other' })
      .then([]);
  });

  it('changes the password checked against the current one, and refuses when it changed meanwhile', () => {
    admins
      .given([registered])
      .when({ type: 'ChangePassword', adminId, passwordHash: 'hash-2', verifiedHash: 'hash-1' })
      .then([changed]);
    admins
      .given([registered, changed])
      .when({ type: 'ChangePassword', adminId, passwordHash: 'hash-3', verifiedHash: 'hash-1' })
      .thenThrows('conflict', { message: adminMessages.passwordChangedMeanwhile });
    admins
      .given([])
      .when({ type: 'ChangePassword', adminId, passwordHash: 'hash-2', verifiedHash: 'hash-1' })
      .thenThrows('not_found');
  });

  it('records sign-ins of an admin, sign-outs by session, and failed sign-ins whoever they were for', () => {
    admins
      .given([registered])
      .when({ type: 'RecordSignIn', adminId })
      .then([{ type: 'AdminSignedIn', data: { adminId } }]);
    admins.given([]).when({ type: 'RecordSignIn', adminId }).thenThrows('not_found');
    admins
      .given([registered])
      .when({ type: 'SignOut', adminId, sessionId: 's1' })
      .then([{ type: 'AdminSignedOut', data: { adminId, sessionId: 's1' } }]);
    admins
      .given([])
      .when({ type: 'RecordFailedSignIn', adminId: null, email: 'who@example.com', reason: 'unknown-email' })
      .then([
        { type: 'AdminSignInFailed', data: { adminId: null, email: 'who@example.com', reason: 'unknown-email' } },
      ]);
  });
});

import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import { deriveEmailTokenKey, emailToken, hashEmailToken, issueEmailToken } from '@labshop/platform/auth/email-tokens';
import { emptyCustomerProfile, type CustomerStreamEvent } from '@labshop/contracts/customers/events';
import { customerDecider, type CustomerCommand } from './decider.ts';

const customers = spec(customerDecider);

const key = deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256');
const HOUR = 3_600_000;
const registeredAt = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(registeredAt.getTime() + ms);
const recipient = { email: 'ann@example.com', title: 'Ms' as const, firstName: 'Ann', lastName: 'Lee' };
const customerId = '00000000-0000-4000-8000-0000000000c1';

const activation = (tokenId: string, at = registeredAt) =>
  issueEmailToken(key, 'activation', { tokenId, now: at, ttlMs: 48 * HOUR });
const reset = (tokenId: string, at = registeredAt) => issueEmailToken(key, 'reset', { tokenId, now: at, ttlMs: HOUR });
const presented = (purpose: 'activation' | 'reset', tokenId: string) =>
  hashEmailToken(emailToken(key, purpose, tokenId));

const register: CustomerCommand = {
  type: 'RegisterCustomer',
  customerId,
  ...recipient,
  passwordHash: 'scrypt$hash',
  newsletter: true,
  activationToken: activation('t1'),
  now: registeredAt,
};
const registered = customers.given([]).when(register).events();
const activated: CustomerStreamEvent = { type: 'CustomerActivated', data: { customerId, ...recipient, tokenId: 't1' } };

describe('customer decider', () => {
  it('registers with an activation token, keeping the newsletter choice and when the terms were accepted', () => {
    expect(registered).toEqual([
      {
        type: 'CustomerRegistered',
        data: {
          customerId,
          ...recipient,
          passwordHash: 'scrypt$hash',
          newsletter: true,
          termsAcceptedAt: '2026-03-01T10:00:00.000Z',
        },
      },
      {
        type: 'ActivationTokenIssued',
        data: { customerId, ...recipient, ...activation('t1'), reason: 'registration' },
      },
    ]);
    expect(activation('t1').expiresAt).toBe('2026-03-03T10:00:00.000Z');
  });

  it('refuses a second registration of the account', () => {
    const error = customers.given(registered).when(register).refusal();
    expect([error.kind, error.message]).toEqual(['conflict', 'Email already registered!']);
  });

  it('activates with the latest token before it expires, and refuses it once used', () => {
    customers
      .given(registered)
      .when({ type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(47 * HOUR) })
      .then([activated]);
    expect(
      customers
        .given([...registered, activated])
        .when({ type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(HOUR) })
        .refusal().kind,
    ).toBe('invalid');
  });

  it('refuses an expired, a superseded, a forged and a reset token for activation', () => {
    const expired = customers
      .given(registered)
      .when({ type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(48 * HOUR) })
      .refusal();
    expect(expired.message).toBe('This activation link has expired. Please request a new one.');

    const resent = [
      ...registered,
      ...customers
        .given(registered)
        .when({ type: 'ResendActivation', activationToken: activation('t2', later(HOUR)) })
        .events(),
    ];
    const superseded = customers
      .given(resent)
      .when({ type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(2 * HOUR) })
      .refusal();
    expect(superseded.message).toMatch(/not valid/);
    expect(
      customers
        .given(resent)
        .when({ type: 'ActivateCustomer', tokenHash: presented('activation', 't2'), now: later(2 * HOUR) })
        .events(),
    ).toHaveLength(1);

    for (const tokenHash of [hashEmailToken('forged'), presented('reset', 't1'), '']) {
      customers
        .given(registered)
        .when({ type: 'ActivateCustomer', tokenHash, now: later(HOUR) })
        .thenThrows('invalid');
    }
  });

  it('resends activation only to a registered account that is not active yet', () => {
    const token = activation('t2');
    customers
      .given(registered)
      .when({ type: 'ResendActivation', activationToken: token })
      .then([{ type: 'ActivationTokenIssued', data: { customerId, ...recipient, ...token, reason: 'resend' } }]);
    customers.given([]).when({ type: 'ResendActivation', activationToken: token }).then([]);
    customers
      .given([...registered, activated])
      .when({ type: 'ResendActivation', activationToken: token })
      .then([]);
  });

  it('a registration inside checkout keeps its return path on the activation, and a resent link keeps it too', () => {
    const atCheckout = customers
      .given([])
      .when({ ...register, returnTo: '/order' })
      .events();
    expect(atCheckout[1]).toEqual({
      type: 'ActivationTokenIssued',
      data: { customerId, ...recipient, ...activation('t1'), reason: 'registration', returnTo: '/order' },
    });
    const token = activation('t2');
    customers
      .given(atCheckout)
      .when({ type: 'ResendActivation', activationToken: token })
      .then([
        {
          type: 'ActivationTokenIssued',
          data: { customerId, ...recipient, ...token, reason: 'resend', returnTo: '/order' },
        },
      ]);
  });

  it('resets the password once with the latest reset token within the hour', () => {
    const requested = customers
      .given([...registered, activated])
      .when({ type: 'RequestPasswordReset', resetToken: reset('r1') })
      .events();
    expect(requested).toEqual([{ type: 'PasswordResetRequested', data: { customerId, ...recipient, ...reset('r1') } }]);
    const history = [...registered, activated, ...requested];
    const resetCommand = (now: Date): CustomerCommand => ({
      type: 'ResetPassword',
      tokenHash: presented('reset', 'r1'),
      passwordHash: 'scrypt$new',
      now,
    });

    const done = customers
      .given(history)
      .when(resetCommand(later(59 * 60_000)))
      .events();
    expect(done).toEqual([
      { type: 'CustomerPasswordReset', data: { customerId, tokenId: 'r1', passwordHash: 'scrypt$new' } },
    ]);
    expect(customers.given([...history, ...done]).state()).toMatchObject({
      credentials: { passwordHash: 'scrypt$new', resetToken: null },
    });
    expect(
      customers
        .given([...history, ...done])
        .when(resetCommand(later(60_000)))
        .refusal().message,
    ).toMatch(/not valid/);
    expect(
      customers
        .given(history)
        .when(resetCommand(later(HOUR)))
        .refusal().message,
    ).toBe('This password reset link has expired. Please request a new one.');
  });

  it('asks for no reset of an unknown account, and refuses any reset token for it', () => {
    customers
      .given([])
      .when({ type: 'RequestPasswordReset', resetToken: reset('r1') })
      .then([]);
    customers
      .given([])
      .when({ type: 'ResetPassword', tokenHash: presented('reset', 'r1'), passwordHash: 'x', now: registeredAt })
      .thenThrows('invalid');
  });

  it('records only the profile fields that changed', () => {
    const profile = {
      ...emptyCustomerProfile(),
      fullName: 'Ann Lee',
      phone: '555-0100',
      address1: '1 Lab Way',
      city: 'Boston',
      state: 'MA',
      zipCode: '02110',
    };
    const first = customers.given(registered).when({ type: 'ChangeProfile', profile }).events();
    expect(first).toEqual([
      {
        type: 'CustomerProfileChanged',
        data: {
          customerId,
          changes: {
            fullName: 'Ann Lee',
            phone: '555-0100',
            address1: '1 Lab Way',
            city: 'Boston',
            state: 'MA',
            zipCode: '02110',
          },
        },
      },
    ]);
    customers
      .given([...registered, ...first])
      .when({ type: 'ChangeProfile', profile: { ...profile, city: 'Cambridge' } })
      .then([{ type: 'CustomerProfileChanged', data: { customerId, changes: { city: 'Cambridge' } } }]);
    customers
      .given([...registered, ...first])
      .when({ type: 'ChangeProfile', profile })
      .then([]);
    customers.given([]).when({ type: 'ChangeProfile', profile }).thenThrows('not_found');
    // A profile saved by the state's name before issue 38 holds its code now: saving the same address changes nothing.
    const byName = {
      type: 'CustomerProfileChanged' as const,
      data: { customerId, changes: { ...profile, state: 'Massachusetts' } },
    };
    customers
      .given([...registered, byName])
      .when({ type: 'ChangeProfile', profile })
      .then([]);
  });

  it('records sign-ins for the audit trail', () => {
    customers
      .given([...registered, activated])
      .when({ type: 'RecordSignIn', rememberMe: true })
      .then([{ type: 'CustomerSignedIn', data: { customerId, rememberMe: true } }]);
  });
});

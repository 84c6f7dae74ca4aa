import { describe, expect, it } from 'vitest';
import { deriveEmailTokenKey, emailToken, hashEmailToken, issueEmailToken } from '@labshop/shared/auth/email-tokens';
import { emptyCustomerProfile, type CustomerStreamEvent } from '@labshop/shared/events/customers';
import { customerDecider, type CustomerCommand } from './decider.ts';
import { refusal } from '@labshop/shared/testing/decider-spec';

const { initialState, evolve, decide } = customerDecider;
const given = (events: CustomerStreamEvent[]) => events.reduce(evolve, initialState());
const when = (events: CustomerStreamEvent[], command: CustomerCommand) => decide(command, given(events));

const key = deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256');
const HOUR = 3_600_000;
const registeredAt = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(registeredAt.getTime() + ms);
const recipient = { email: 'ann@example.com', title: 'Ms' as const, firstName: 'Ann', lastName: 'Lee' };
const customerId = '00000000-0000-4000-8000-0000000000c1';

const activation = (tokenId: string, at = registeredAt) => issueEmailToken(key, 'activation', { tokenId, now: at, ttlMs: 48 * HOUR });
const reset = (tokenId: string, at = registeredAt) => issueEmailToken(key, 'reset', { tokenId, now: at, ttlMs: HOUR });
const presented = (purpose: 'activation' | 'reset', tokenId: string) => hashEmailToken(emailToken(key, purpose, tokenId));

const register: CustomerCommand = {
  type: 'RegisterCustomer',
  customerId,
  ...recipient,
  passwordHash: 'scrypt$hash',
  newsletter: true,
  activationToken: activation('t1'),
  now: registeredAt,
};
const registered = when([], register);
const activated: CustomerStreamEvent = { type: 'CustomerActivated', data: { customerId, ...recipient, tokenId: 't1' } };

describe('customer decider', () => {
  it('registers with an activation token, keeping the newsletter choice and when the terms were accepted', () => {
    expect(registered).toEqual([
      {
        type: 'CustomerRegistered',
        data: { customerId, ...recipient, passwordHash: 'scrypt$hash', newsletter: true, termsAcceptedAt: '2026-03-01T10:00:00.000Z' },
      },
      { type: 'ActivationTokenIssued', data: { customerId, ...recipient, ...activation('t1'), reason: 'registration' } },
    ]);
    expect(activation('t1').expiresAt).toBe('2026-03-03T10:00:00.000Z');
  });

  it('refuses a second registration of the account', () => {
    const error = refusal(() => when(registered, register));
    expect([error.kind, error.message]).toEqual(['conflict', 'Email already registered!']);
  });

  it('activates with the latest token before it expires, and refuses it once used', () => {
    expect(when(registered, { type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(47 * HOUR) })).toEqual([activated]);
    expect(refusal(() => when([...registered, activated], { type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(HOUR) })).kind).toBe(
      'invalid',
    );
  });

  it('refuses an expired, a superseded, a forged and a reset token for activation', () => {
    const expired = refusal(() => when(registered, { type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(48 * HOUR) }));
    expect(expired.message).toBe('This activation link has expired. Please request a new one.');

    const resent = [...registered, ...when(registered, { type: 'ResendActivation', activationToken: activation('t2', later(HOUR)) })];
    const superseded = refusal(() => when(resent, { type: 'ActivateCustomer', tokenHash: presented('activation', 't1'), now: later(2 * HOUR) }));
    expect(superseded.message).toMatch(/not valid/);
    expect(when(resent, { type: 'ActivateCustomer', tokenHash: presented('activation', 't2'), now: later(2 * HOUR) })).toHaveLength(1);

    for (const tokenHash of [hashEmailToken('forged'), presented('reset', 't1'), '']) {
      expect(refusal(() => when(registered, { type: 'ActivateCustomer', tokenHash, now: later(HOUR) })).kind).toBe('invalid');
    }
  });

  it('resends activation only to a registered account that is not active yet', () => {
    const token = activation('t2');
    expect(when(registered, { type: 'ResendActivation', activationToken: token })).toEqual([
      { type: 'ActivationTokenIssued', data: { customerId, ...recipient, ...token, reason: 'resend' } },
    ]);
    expect(when([], { type: 'ResendActivation', activationToken: token })).toEqual([]);
    expect(when([...registered, activated], { type: 'ResendActivation', activationToken: token })).toEqual([]);
  });

  it('a registration inside checkout keeps its return path on the activation, and a resent link keeps it too', () => {
    const atCheckout = when([], { ...register, returnTo: '/order' });
    expect(atCheckout[1]).toEqual({ type: 'ActivationTokenIssued', data: { customerId, ...recipient, ...activation('t1'), reason: 'registration', returnTo: '/order' } });
    const token = activation('t2');
    expect(when(atCheckout, { type: 'ResendActivation', activationToken: token })).toEqual([
      { type: 'ActivationTokenIssued', data: { customerId, ...recipient, ...token, reason: 'resend', returnTo: '/order' } },
    ]);
  });

  it('resets the password once with the latest reset token within the hour', () => {
    const requested = when([...registered, activated], { type: 'RequestPasswordReset', resetToken: reset('r1') });
    expect(requested).toEqual([{ type: 'PasswordResetRequested', data: { customerId, ...recipient, ...reset('r1') } }]);
    const history = [...registered, activated, ...requested];
    const resetCommand = (now: Date): CustomerCommand => ({ type: 'ResetPassword', tokenHash: presented('reset', 'r1'), passwordHash: 'scrypt$new', now });

    const done = when(history, resetCommand(later(59 * 60_000)));
    expect(done).toEqual([{ type: 'CustomerPasswordReset', data: { customerId, tokenId: 'r1', passwordHash: 'scrypt$new' } }]);
    expect(given([...history, ...done])).toMatchObject({ passwordHash: 'scrypt$new', resetToken: null });
    expect(refusal(() => when([...history, ...done], resetCommand(later(60_000)))).message).toMatch(/not valid/);
    expect(refusal(() => when(history, resetCommand(later(HOUR)))).message).toBe('This password reset link has expired. Please request a new one.');
  });

  it('asks for no reset of an unknown account, and refuses any reset token for it', () => {
    expect(when([], { type: 'RequestPasswordReset', resetToken: reset('r1') })).toEqual([]);
    expect(refusal(() => when([], { type: 'ResetPassword', tokenHash: presented('reset', 'r1'), passwordHash: 'x', now: registeredAt })).kind).toBe('invalid');
  });

  it('records only the profile fields that changed', () => {
    const profile = { ...emptyCustomerProfile(), fullName: 'Ann Lee', phone: '555-0100', address1: '1 Lab Way', city: 'Boston', state: 'Massachusetts', zipCode: '02110' };
    const first = when(registered, { type: 'ChangeProfile', profile });
    expect(first).toEqual([
      {
        type: 'CustomerProfileChanged',
        data: { customerId, changes: { fullName: 'Ann Lee', phone: '555-0100', address1: '1 Lab Way', city: 'Boston', state: 'Massachusetts', zipCode: '02110' } },
      },
    ]);
    expect(when([...registered, ...first], { type: 'ChangeProfile', profile: { ...profile, city: 'Cambridge' } })).toEqual([
      { type: 'CustomerProfileChanged', data: { customerId, changes: { city: 'Cambridge' } } },
    ]);
    expect(when([...registered, ...first], { type: 'ChangeProfile', profile })).toEqual([]);
    expect(refusal(() => when([], { type: 'ChangeProfile', profile })).kind).toBe('not_found');
  });

  it('records sign-ins for the audit trail', () => {
    expect(when([...registered, activated], { type: 'RecordSignIn', rememberMe: true })).toEqual([
      { type: 'CustomerSignedIn', data: { customerId, rememberMe: true } },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { emptyCustomerProfile, type CustomerStreamEvent } from './events.ts';
import { evolveCustomer, noCustomer } from './fold-customer.ts';

const customerId = 'customer-1';
const recipient = { email: 'ada@example.com', title: 'Ms' as const, firstName: 'Ada', lastName: 'Lovelace' };
const fold = (events: CustomerStreamEvent[]) => events.reduce(evolveCustomer, noCustomer());

const registered: CustomerStreamEvent = {
  type: 'CustomerRegistered',
  data: { customerId, ...recipient, passwordHash: 'hash-1', newsletter: true, termsAcceptedAt: '2026-01-01T00:00:00Z' },
};
const firstLink = { tokenId: 't1', tokenHash: 'h1', expiresAt: '2026-01-02T00:00:00Z' };
const secondLink = { tokenId: 't2', tokenHash: 'h2', expiresAt: '2026-01-03T00:00:00Z' };
const issued = (token: typeof firstLink, returnTo?: '/order'): CustomerStreamEvent => ({
  type: 'ActivationTokenIssued',
  data: { customerId, ...recipient, ...token, reason: 'registration', ...(returnTo ? { returnTo } : {}) },
});

describe('evolveCustomer', () => {
  it('is unregistered before its first event, and events before the registration change nothing', () => {
    expect(fold([])).toEqual({ status: 'unregistered' });
    expect(fold([{ type: 'CustomerActivated', data: { customerId, ...recipient, tokenId: 't1' } }])).toEqual({
      status: 'unregistered',
    });
  });

  it('registers an inactive account with an empty profile and its password hash', () => {
    expect(fold([registered])).toEqual({
      status: 'registered',
      customerId,
      recipient,
      newsletter: true,
      activated: false,
      profile: emptyCustomerProfile(),
      credentials: { passwordHash: 'hash-1', activationToken: null, returnTo: null, resetToken: null },
    });
  });

  it('keeps the newest activation link and the first return path, and consumes the link on activation', () => {
    const resent = fold([registered, issued(firstLink, '/order'), issued(secondLink)]);
    expect(resent).toMatchObject({ credentials: { activationToken: secondLink, returnTo: '/order' } });
    expect(
      fold([
        registered,
        issued(firstLink),
        { type: 'CustomerActivated', data: { customerId, ...recipient, tokenId: 't1' } },
      ]),
    ).toMatchObject({ activated: true, credentials: { activationToken: null } });
  });

  it('keeps a reset link until the password is reset with it, which replaces the hash', () => {
    const requested = fold([
      registered,
      { type: 'PasswordResetRequested', data: { customerId, ...recipient, ...firstLink } },
    ]);
    expect(requested).toMatchObject({ credentials: { resetToken: firstLink, passwordHash: 'hash-1' } });
    expect(
      evolveCustomer(requested, {
        type: 'CustomerPasswordReset',
        data: { customerId, tokenId: 't1', passwordHash: 'hash-2' },
      }),
    ).toMatchObject({ credentials: { resetToken: null, passwordHash: 'hash-2' } });
  });

  it('applies profile changes, reading a state name as its code, and ignores sign-ins and sign-outs', () => {
    const changed = fold([
      registered,
      { type: 'CustomerProfileChanged', data: { customerId, changes: { city: 'Austin', state: 'Texas' } } },
      { type: 'CustomerSignedIn', data: { customerId, rememberMe: true } },
      { type: 'CustomerSignedOut', data: { customerId, sessionId: 's1' } },
    ]);
    expect(changed).toMatchObject({ profile: { ...emptyCustomerProfile(), city: 'Austin', state: 'TX' } });
    expect(changed).toEqual(
      fold([
        registered,
        { type: 'CustomerProfileChanged', data: { customerId, changes: { city: 'Austin', state: 'TX' } } },
      ]),
    );
  });

  it('keeps nothing of an erased account but its id', () => {
    const erased: CustomerStreamEvent = {
      type: 'CustomerErased',
      data: { customerId, erasedAt: '2026-02-01T00:00:00Z', submissionIds: [], orderIds: [] },
    };
    expect(fold([registered, issued(firstLink), erased])).toEqual({ status: 'erased', customerId });
    expect(
      fold([registered, erased, { type: 'CustomerProfileChanged', data: { customerId, changes: { city: 'X' } } }]),
    ).toEqual({ status: 'erased', customerId });
  });
});

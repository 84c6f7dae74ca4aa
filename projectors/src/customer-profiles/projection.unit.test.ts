import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { customerProfiles } from './projection.ts';

const customerId = 'c1';
const recipient = { email: 'ann@example.com', title: 'Ms', firstName: 'Ann', lastName: 'Lee' };
const registered = recorded(
  'CustomerRegistered',
  {
    customerId,
    ...recipient,
    passwordHash: 'scrypt$secret-hash',
    newsletter: true,
    termsAcceptedAt: '2026-03-01T10:00:00.000Z',
  },
  '2026-03-01T10:00:00.000Z',
);
const tokenIssued = recorded('ActivationTokenIssued', {
  customerId,
  ...recipient,
  tokenId: 't1',
  tokenHash: 'token-hash',
  expiresAt: '2026-03-03T10:00:00.000Z',
  reason: 'registration',
});

const profileOf = async (events: Parameters<typeof replay>[1]) =>
  (await replay(customerProfiles, events)).get(customerId) ?? null;

describe('customer-profiles projection', () => {
  it('records the registered customer without any hash', async () => {
    const customer = await profileOf([registered, tokenIssued]);
    expect(customer).toMatchObject({
      id: customerId,
      ...recipient,
      newsletter: true,
      activated: false,
      registeredAt: '2026-03-01T10:00:00.000Z',
    });
    expect(customer?.profile).toEqual({
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
    expect(JSON.stringify(customer)).not.toMatch(/hash/i);
  });

  it('follows activation and profile changes, field by field', async () => {
    const events = [
      registered,
      recorded('CustomerActivated', { customerId, ...recipient, tokenId: 't1' }),
      recorded('CustomerProfileChanged', {
        customerId,
        changes: { fullName: 'Ann Lee', city: 'Boston', state: 'MA' },
      }),
      recorded('CustomerPasswordReset', { customerId, tokenId: 'r1', passwordHash: 'scrypt$new-hash' }),
      recorded('CustomerProfileChanged', { customerId, changes: { city: 'Cambridge' } }, '2026-04-01T00:00:00.000Z'),
    ];
    const customer = await profileOf(events);
    expect(customer).toMatchObject({ activated: true, updatedAt: '2026-04-01T00:00:00.000Z' });
    expect(customer?.profile).toMatchObject({ fullName: 'Ann Lee', city: 'Cambridge', state: 'MA' });
    expect(JSON.stringify(customer)).not.toMatch(/hash/i);
  });

  it('keeps a state saved by its name (profiles before issue 38) as its code, as every address keeps it', async () => {
    const events = [
      registered,
      recorded('CustomerProfileChanged', { customerId, changes: { state: 'Massachusetts' } }),
    ];
    expect((await profileOf(events))?.profile.state).toBe('MA');
  });

  it('ignores events of other models and changes to customers it never saw', async () => {
    expect(
      (await replay(customerProfiles, [recorded('ProductCreated', { productId: 'p1', name: 'x', displayOrder: 0 })]))
        .size,
    ).toBe(0);
    expect(
      await profileOf([recorded('CustomerProfileChanged', { customerId, changes: { city: 'Boston' } })]),
    ).toBeNull();
  });
});

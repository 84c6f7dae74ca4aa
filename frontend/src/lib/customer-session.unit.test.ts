import { describe, expect, it } from 'vitest';
import { customerDetailsOf } from './customer-session.ts';

const tokenWith = (claims: object) =>
  ['header', Buffer.from(JSON.stringify(claims)).toString('base64url'), 'signature'].join('.');
const now = Date.parse('2026-03-01T10:00:00.000Z');
const exp = now / 1000 + 3_600;

describe('customerDetailsOf', () => {
  it("reads the holder's id, email and names from a customer token, accents included", () => {
    const token = tokenWith({
      role: 'customer',
      sub: 'c1',
      email: 'zoe@example.com',
      given_name: 'Zoë',
      family_name: 'Léger',
      exp,
    });
    expect(customerDetailsOf(token, now)).toEqual({
      id: 'c1',
      email: 'zoe@example.com',
      firstName: 'Zoë',
      lastName: 'Léger',
    });
  });

  it('refuses an expired token, an admin token and anything unreadable', () => {
    expect(
      customerDetailsOf(tokenWith({ role: 'customer', sub: 'c1', email: 'a@b.c', exp: now / 1000 }), now),
    ).toBeNull();
    expect(customerDetailsOf(tokenWith({ role: 'admin', sub: 'a1', email: 'a@b.c', exp }), now)).toBeNull();
    expect(customerDetailsOf('not-a-token', now)).toBeNull();
    expect(customerDetailsOf('a.%%%.c', now)).toBeNull();
  });
});

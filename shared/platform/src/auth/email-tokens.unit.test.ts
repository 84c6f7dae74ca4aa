import { describe, expect, it } from 'vitest';
import { deriveEmailTokenKey, emailToken, hashEmailToken, issueEmailToken, sameTokenHash } from './email-tokens.ts';

const key = deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256');

describe('email tokens', () => {
  it('gives the same url-safe token for the same purpose and id under the same secret, and a different one otherwise', () => {
    const token = emailToken(key, 'activation', 'id-1');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(emailToken(deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256'), 'activation', 'id-1')).toBe(
      token,
    );
    expect(emailToken(key, 'reset', 'id-1')).not.toBe(token);
    expect(emailToken(key, 'activation', 'id-2')).not.toBe(token);
    expect(emailToken(deriveEmailTokenKey('another-secret-that-is-long-enough-too'), 'activation', 'id-1')).not.toBe(
      token,
    );
  });

  it('records the hash of the token and its expiry, never the token', () => {
    const issued = issueEmailToken(key, 'reset', {
      tokenId: 'id-3',
      now: new Date('2026-03-01T10:00:00.000Z'),
      ttlMs: 3_600_000,
    });
    const token = emailToken(key, 'reset', 'id-3');
    expect(issued).toEqual({
      tokenId: 'id-3',
      tokenHash: hashEmailToken(token),
      expiresAt: '2026-03-01T11:00:00.000Z',
    });
    expect(JSON.stringify(issued)).not.toContain(token);
  });

  it('compares hashes exactly', () => {
    const stored = hashEmailToken(emailToken(key, 'activation', 'id-4'));
    expect(sameTokenHash(hashEmailToken(emailToken(key, 'activation', 'id-4')), stored)).toBe(true);
    expect(sameTokenHash(hashEmailToken('guess'), stored)).toBe(false);
    expect(sameTokenHash('', stored)).toBe(false);
    expect(sameTokenHash('', '')).toBe(false);
  });
});

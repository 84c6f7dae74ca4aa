import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { IssuedEmailToken } from '@labshop/contracts/customers/events';

/**
 * Activation and password-reset links. The token a link carries is an HMAC of the token's id under a
 * key derived from the JWT secret: the command API (which issues and checks tokens) and the workers
 * (which put the link in the mail) compute the same token from the id alone, so neither the events nor
 * the mail jobs in Redis ever hold a usable token. Events keep the id, the token's SHA-256 and its
 * expiry; a token is only good against the latest unconsumed, unexpired one of its purpose.
 */
export type EmailTokenPurpose = 'activation' | 'reset';

/** Opaque key material; never logged, never serialised. */
export interface EmailTokenKey {
  readonly sign: (message: string) => Buffer;
}

const KEY_LABEL = 'labshop email tokens';

export function deriveEmailTokenKey(jwtSecret: string): EmailTokenKey {
  const key = Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), KEY_LABEL, 32));
  return { sign: (message) => createHmac('sha256', key).update(message).digest() };
}

/** The token a link carries for this purpose and id (43 url-safe characters). */
export function emailToken(key: EmailTokenKey, purpose: EmailTokenPurpose, tokenId: string): string {
  return key.sign(`${purpose}:${tokenId}`).toString('base64url');
}

export function hashEmailToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** What an event records for a new token: its id, the hash of the token the link will carry, its expiry. */
export function issueEmailToken(
  key: EmailTokenKey,
  purpose: EmailTokenPurpose,
  { tokenId, now, ttlMs }: { tokenId: string; now: Date; ttlMs: number },
): IssuedEmailToken {
  return {
    tokenId,
    tokenHash: hashEmailToken(emailToken(key, purpose, tokenId)),
    expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
  };
}

/** Compares two token hashes in constant time. */
export function sameTokenHash(presented: string, stored: string): boolean {
  const a = Buffer.from(presented, 'base64url');
  const b = Buffer.from(stored, 'base64url');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

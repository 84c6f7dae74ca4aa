import { createHash } from 'node:crypto';
import { ApiError } from '@labshop/shared/http/api-error';

export interface LoginThrottleOptions {
  /** Wrong passwords in a row an account may take before its sign-ins slow down. */
  freeFailures?: number;
  /** The pause after the first failure past the free ones; it doubles with each further failure. */
  firstDelayMs?: number;
  /** The longest pause: an owner is never locked out for longer. */
  maxDelayMs?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  /** No sign-in of the account is tried before this time (ms since the epoch). */
  notBefore: number;
}

/** Accounts remembered at most (the oldest are forgotten first), so guessing at many emails cannot grow memory without bound. */
const MAX_TRACKED_ACCOUNTS = 50_000;

/**
 * Sign-in attempts per account, slowed down by growing pauses instead of a lock-out: after a few
 * wrong passwords each further one doubles the pause (1 s, 2 s, 4 s … at most a minute), whoever
 * sent them, so guessing a password gets slow while its owner waits seconds, not a fixed lock-out.
 * A right password clears the count. Counted in this process (one command API serves sign-ins).
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const freeFailures = options.freeFailures ?? 3;
  const firstDelayMs = options.firstDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const now = options.now ?? Date.now;
  const accounts = new Map<string, Failures>();
  const keyOf = (kind: string, email: string) => `${kind}:${createHash('sha256').update(email).digest('base64url')}`;

  return {
    /** Refuses (429, with the seconds to wait) while the account's pause runs. */
    assertMayTry(kind: 'admin' | 'customer', email: string): void {
      const failures = accounts.get(keyOf(kind, email));
      const waitMs = failures ? failures.notBefore - now() : 0;
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new ApiError('TooManyRequests', `Too many wrong passwords for this account. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`);
      }
    },
    failed(kind: 'admin' | 'customer', email: string): void {
      const key = keyOf(kind, email);
      const count = (accounts.get(key)?.count ?? 0) + 1;
      const delay = count < freeFailures ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (count - freeFailures));
      accounts.delete(key); // re-inserted last: the map stays ordered by latest failure
      accounts.set(key, { count, notBefore: now() + delay });
      if (accounts.size > MAX_TRACKED_ACCOUNTS) accounts.delete(accounts.keys().next().value!);
    },
    succeeded(kind: 'admin' | 'customer', email: string): void {
      accounts.delete(keyOf(kind, email));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

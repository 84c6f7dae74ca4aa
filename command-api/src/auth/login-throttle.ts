import { ApiError } from '@labshop/platform/http/api-error';
import { accountHash, type SignInKind } from './device-cookie.ts';
import { waitText } from '../rate-limits.ts';

export interface LoginThrottleOptions {
  /** Wrong passwords in a row an account may take from unknown clients before their sign-ins slow down. */
  freeFailures?: number;
  /** The pause after the first failure past the free ones; it doubles with each further failure. */
  firstDelayMs?: number;
  /** The longest pause. */
  maxDelayMs?: number;
  /** Wrong passwords a known device may send in a row before it counts as unknown (OWASP: lock out the device cookie). */
  deviceFailures?: number;
  now?: () => number;
}

interface Failures {
  count: number;
  /** No sign-in of the account from an unknown client is tried before this time (ms since the epoch). */
  notBefore: number;
}

/** Accounts (and devices) remembered at most (the oldest are forgotten first), so guessing at many emails cannot grow memory without bound. */
const MAX_TRACKED = 50_000;

/** Who is signing in: the account and, when the browser holds a valid device cookie for it, that device's nonce. */
export interface SignInClient {
  kind: SignInKind;
  email: string;
  device: string | null;
}

/**
 * Sign-in attempts per account, slowed down by growing pauses instead of a lock-out: after a few wrong
 * passwords from unknown clients each further one doubles the pause (1 s, 2 s, 4 s … at most a minute).
 * The pauses hold up unknown clients only: a browser with a device cookie from an earlier good sign-in
 * (device-cookie.ts) signs in whatever an attacker elsewhere does, and its own wrong passwords count
 * against its cookie (after `deviceFailures` in a row it is an unknown client like any other), not
 * against the account. A right password clears the counts. Counted in this process (one command API
 * serves sign-ins); the per-address limits beside it are the routes' rate limits.
 */
export function createLoginThrottle(options: LoginThrottleOptions = {}) {
  const freeFailures = options.freeFailures ?? 3;
  const firstDelayMs = options.firstDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const deviceFailures = options.deviceFailures ?? 5;
  const now = options.now ?? Date.now;
  const accounts = new Map<string, Failures>();
  const devices = new Map<string, number>();

  const remember = <V>(map: Map<string, V>, key: string, value: V) => {
    map.delete(key); // re-inserted last: the map stays ordered by latest failure
    map.set(key, value);
    if (map.size > MAX_TRACKED) map.delete(map.keys().next().value!);
  };
  const accountKey = (client: SignInClient) => accountHash(client.kind, client.email);
  const deviceKey = (client: SignInClient) => `${accountKey(client)}:${client.device}`;
  const isKnown = (client: SignInClient) =>
    client.device !== null && (devices.get(deviceKey(client)) ?? 0) < deviceFailures;

  return {
    /** Seconds an unknown client must still wait before it may try this account; 0 for a known device or an account without a pause. */
    waitSeconds(client: SignInClient): number {
      if (isKnown(client)) return 0;
      const failures = accounts.get(accountKey(client));
      const waitMs = failures ? failures.notBefore - now() : 0;
      return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
    },
    failed(client: SignInClient): void {
      if (isKnown(client)) {
        remember(devices, deviceKey(client), (devices.get(deviceKey(client)) ?? 0) + 1);
        return;
      }
      const key = accountKey(client);
      const count = (accounts.get(key)?.count ?? 0) + 1;
      const delay = count < freeFailures ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (count - freeFailures));
      remember(accounts, key, { count, notBefore: now() + delay });
    },
    succeeded(client: SignInClient): void {
      accounts.delete(accountKey(client));
      if (client.device) devices.delete(deviceKey(client));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

/** The 429 of a paused account, with the wait in words and in Retry-After. */
export function signInPaused(seconds: number): ApiError {
  return new ApiError(
    'TooManyRequests',
    `Too many wrong passwords for this account. Please wait ${waitText(seconds)} and try again.`,
  );
}

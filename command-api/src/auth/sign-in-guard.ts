import type { FastifyReply, FastifyRequest } from 'fastify';
import { createDeviceCookies, randomDeviceCookieKey, type DeviceCookieKey, type SignInKind } from './device-cookie.ts';
import { createLoginThrottle, signInPaused, type LoginThrottleOptions, type SignInClient } from './login-throttle.ts';

export interface SignInGuardOptions {
  /** deriveDeviceCookieKey(JWT secret) in a running shop; a key of this process when absent (tests). */
  deviceCookieKey?: DeviceCookieKey;
  /** Pause lengths and the clock (tests move it). */
  throttle?: LoginThrottleOptions;
}

/**
 * Admin and customer sign-in share one guard: per-account pauses after wrong passwords that hold up
 * unknown clients only, and device cookies that make a browser known after a good sign-in.
 */
export function createSignInGuard(options: SignInGuardOptions = {}) {
  const throttle = createLoginThrottle(options.throttle);
  const cookies = createDeviceCookies(options.deviceCookieKey ?? randomDeviceCookieKey(), options.throttle?.now);
  return {
    /** Before the password is checked: this browser for this account, or a 429 with the wait (and Retry-After) while its pause runs. */
    admit(request: FastifyRequest, reply: FastifyReply, kind: SignInKind, email: string): SignInClient {
      const client: SignInClient = { kind, email, device: cookies.read(request, kind, email) };
      const seconds = throttle.waitSeconds(client);
      if (seconds > 0) {
        void reply.header('retry-after', String(seconds));
        throw signInPaused(seconds);
      }
      return client;
    },
    failed(client: SignInClient): void {
      throttle.failed(client);
    },
    /** The password was right: counts cleared; `signedIn` (a session is issued) also makes this browser known. */
    succeeded(
      request: FastifyRequest,
      reply: FastifyReply,
      client: SignInClient,
      { signedIn }: { signedIn: boolean },
    ): void {
      throttle.succeeded(client);
      if (signedIn) cookies.issue(request, reply, client.kind, client.email);
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The HMAC key device cookies are signed with. */
export interface DeviceCookieKey {
  sign(message: string): Buffer;
}

const KEY_LABEL = 'labshop device cookie v1';

/** Derived from the JWT secret, so every instance of the shop signs and checks the same cookies. */
export function deriveDeviceCookieKey(jwtSecret: string): DeviceCookieKey {
  return keyOf(Buffer.from(hkdfSync('sha256', jwtSecret, Buffer.alloc(0), KEY_LABEL, 32)));
}

/** A key of this process only (an app built without a secret: tests). */
export function randomDeviceCookieKey(): DeviceCookieKey {
  return keyOf(randomBytes(32));
}

function keyOf(key: Buffer): DeviceCookieKey {
  return { sign: (message) => createHmac('sha256', key).update(message).digest() };
}

export type SignInKind = 'admin' | 'customer';

/** A device cookie is good this long after the sign-in that issued it (each good sign-in issues a fresh one). */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 60 * 60;

const cookieNames: Record<SignInKind, string> = { admin: 'labshop_admin_device', customer: 'labshop_device' };
/** Sent only to the sign-in route it is for. */
const cookiePaths: Record<SignInKind, string> = { admin: '/api/admin/login', customer: '/api/auth/login' };

/** The account a cookie is for, as a hash: the cookie names no email. */
export const accountHash = (kind: SignInKind, email: string) =>
  createHash('sha256').update(`${kind}:${email.trim().toLowerCase()}`).digest('base64url');

interface DevicePayload {
  /** accountHash of the account that signed in. */
  a: string;
  /** The device's nonce: failures from it are counted under it. */
  n: string;
  /** Issued at, seconds since the epoch. */
  t: number;
}

function cookieValue(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * OWASP's device cookies: after a good sign-in the browser gets an HttpOnly cookie, signed by the shop,
 * naming (by hash) the account and a random nonce. A later sign-in to that account from that browser
 * is a known client, which the per-account pauses after wrong passwords do not hold up.
 */
export function createDeviceCookies(key: DeviceCookieKey, now: () => number = Date.now) {
  const signature = (payload: string) => key.sign(payload).toString('base64url');
  return {
    /** The nonce of a valid, unexpired device cookie this browser sent for this account; else null. */
    read(request: FastifyRequest, kind: SignInKind, email: string): string | null {
      const value = cookieValue(request, cookieNames[kind]);
      const [payload, mac] = value?.split('.') ?? [];
      if (!payload || !mac) return null;
      const expected = Buffer.from(signature(payload));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const device = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<DevicePayload>;
        if (device.a !== accountHash(kind, email) || typeof device.n !== 'string' || typeof device.t !== 'number')
          return null;
        if (now() / 1000 - device.t > DEVICE_COOKIE_MAX_AGE_S) return null;
        return device.n;
      } catch {
        return null;
      }
    },
    /** Sets a fresh device cookie for the account that just signed in. */
    issue(request: FastifyRequest, reply: FastifyReply, kind: SignInKind, email: string): void {
      const device: DevicePayload = {
        a: accountHash(kind, email),
        n: randomBytes(16).toString('base64url'),
        t: Math.floor(now() / 1000),
      };
      const payload = Buffer.from(JSON.stringify(device)).toString('base64url');
      const secure = request.protocol === 'https' ? '; Secure' : '';
      void reply.header(
        'set-cookie',
        `${cookieNames[kind]}=${payload}.${signature(payload)}; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; Path=${cookiePaths[kind]}; HttpOnly; SameSite=Strict${secure}`,
      );
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';
import type { SessionGenerationOf } from './session-generations.ts';

/**
 * Customer and admin sessions are JWTs signed with one secret but issued for different audiences,
 * so a token of one kind never passes as the other.
 */
export type Role = 'admin' | 'customer';

export interface TokenClaims {
  role: Role;
  /** The admin's or customer's id. */
  sub: string;
  email: string;
  givenName?: string;
  familyName?: string;
  /** The token's own id (its `jti`): a sign-out ends this session only. Set by sign; absent on tokens signed before it was. */
  sessionId?: string;
}

const ISSUER = 'labshop';
/** Tokens whose signature and claims were checked, kept until they expire; emptied when it holds this many. */
const MAX_VERIFIED_TOKENS = 20_000;
const audienceOf = (role: Role) => `labshop:${role}`;

export interface TokenService {
  sign(claims: TokenClaims, lifetime: string): Promise<string>;
  /** Returns the claims of a valid token, or the reason it is not one; throws when the session check cannot be made. */
  verify(token: string): Promise<TokenClaims | 'invalid' | 'expired'>;
}

/**
 * With `sessionGeneration` (every running API passes it), a token carries its account's session
 * generation and stops working once a password reset or change moves the account past it, or once its
 * own session is signed out (its `jti`); a revoked token reads as expired ("please sign in again").
 */
export function createTokenService(secret: string, sessionGeneration?: SessionGenerationOf): TokenService {
  // A KeyObject made once: given raw bytes, jose would import the key again on every sign and verify.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  // token → what its check found, until it expires: a session sends the same token with every request, and
  // the check (HMAC, JSON, claims) is the same each time. Keyed by the whole token, so nothing unchecked passes.
  const verified = new Map<string, { payload: JWTPayload; expiresAtMs: number }>();

  async function checked(token: string): Promise<JWTPayload | 'invalid' | 'expired'> {
    const known = verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.payload;
      verified.delete(token);
      return 'expired';
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
    if (typeof payload.exp === 'number') {
      if (verified.size >= MAX_VERIFIED_TOKENS) verified.clear();
      verified.set(token, { payload, expiresAtMs: payload.exp * 1000 });
    }
    return payload;
  }
  return {
    async sign(claims, lifetime) {
      const generation = sessionGeneration && (await sessionGeneration(claims.role, claims.sub)).generation;
      return new SignJWT({
        role: claims.role,
        email: claims.email,
        given_name: claims.givenName,
        family_name: claims.familyName,
        gen: generation,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setJti(randomUUID())
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(audienceOf(claims.role))
        .setIssuedAt()
        .setExpirationTime(lifetime)
        .sign(key);
    },
    async verify(token) {
      const payload = await checked(token);
      if (typeof payload === 'string') return payload;
      const role = payload.role;
      if ((role !== 'admin' && role !== 'customer') || payload.aud !== audienceOf(role)) return 'invalid';
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return 'invalid';
      // A session check that cannot be made (the database is away) throws: the request fails as
      // unavailable (503) and the session lives on; only a token that is known bad answers 401.
      if (sessionGeneration) {
        const sessions = await sessionGeneration(role, payload.sub);
        // Only an older generation is ended: a newer one was signed by us after a reset this process's fold has
        // not seen yet (another instance, within the subscription's lag), so it is good.
        if (
          (typeof payload.gen === 'number' ? payload.gen : 0) < sessions.generation ||
          (payload.jti !== undefined && sessions.signedOut.has(payload.jti))
        )
          return 'expired';
      }
      return {
        role,
        sub: payload.sub,
        email: payload.email,
        ...(typeof payload.given_name === 'string' && { givenName: payload.given_name }),
        ...(typeof payload.family_name === 'string' && { familyName: payload.family_name }),
        ...(typeof payload.jti === 'string' && { sessionId: payload.jti }),
      };
    },
  };
}

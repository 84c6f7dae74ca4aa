import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Actor } from '../event-store/port.ts';
import type { Role, TokenService } from '../auth/tokens.ts';
import { ApiError } from './api-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireRole` once the bearer token is verified. */
    actor?: Actor;
    /** The verified token's own id (absent on tokens signed before tokens had one); a sign-out ends it. */
    sessionId?: string;
  }
}

/**
 * An onRequest hook that lets a request through only with a valid bearer token of `role`:
 * 401 without a valid token, 403 with a valid token of the other role. It runs before the body is
 * validated, so an unauthorised caller learns nothing about the route's input.
 */
export function requireRole(tokens: TokenService, role: Role): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    // The scheme is case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too.
    const token = header ? /^bearer\s+(\S+)\s*$/i.exec(header)?.[1] : undefined;
    if (!token) throw new ApiError('Unauthorized', 'Please sign in to continue.');
    const claims = await tokens.verify(token);
    if (claims === 'expired') throw new ApiError('Unauthorized', 'Your session has expired. Please sign in again.');
    if (claims === 'invalid') throw new ApiError('Unauthorized', 'Please sign in to continue.');
    if (claims.role !== role) {
      throw new ApiError(
        'Forbidden',
        role === 'admin' ? 'Access Denied! Please log in as an Admin.' : 'Please sign in as a customer.',
      );
    }
    request.actor = { kind: claims.role, id: claims.sub, email: claims.email };
    if (claims.sessionId) request.sessionId = claims.sessionId;
  };
}

/** The verified actor of a guarded route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new ApiError('Unauthorized', 'Please sign in to continue.');
  return request.actor;
}

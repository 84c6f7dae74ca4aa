import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ApiError } from '@labshop/shared/http/api-error';

export interface RateLimit {
  max: number;
  timeWindow: string;
}

/** Each customer endpoint that mails or checks a password is limited per client address and per email. */
export interface CustomerRateLimits {
  perAddress: RateLimit;
  perEmail: RateLimit;
}

export const DEFAULT_CUSTOMER_RATE_LIMITS: CustomerRateLimits = {
  perAddress: { max: 20, timeWindow: '1 minute' },
  perEmail: { max: 5, timeWindow: '1 minute' },
};

/**
 * A preHandler (the body is parsed by then) counting requests per route and email. @fastify/rate-limit's
 * own route hook runs once per request, so this second limit uses its manual limiter and answers 429
 * itself. Keys hold a hash of the email, so addresses stay out of Redis.
 */
export function limitPerEmail(app: FastifyInstance, route: string, limit: RateLimit): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `customer-${route}-${createHash('sha256').update(emailOf(request.body)).digest('hex')}`,
  });
  return async (request) => {
    const outcome = await check(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      throw new ApiError('TooManyRequests', `Too many attempts. Please wait ${outcome.ttlInSeconds} seconds and try again.`);
    }
  };
}

function emailOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email : '';
}

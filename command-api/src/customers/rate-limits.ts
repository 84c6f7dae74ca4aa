import type { FastifyInstance } from 'fastify';
import { limitRequests, type LimitCheck, type RateLimit } from '../rate-limits.ts';

export type { RateLimit } from '../rate-limits.ts';

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
 * own route hook runs once per request, so this second limit uses its manual limiter (`limitRequests`).
 * Keys hold a hash of the email, so addresses stay out of Redis.
 */
export function limitPerEmail(app: FastifyInstance, route: string, limit: RateLimit): LimitCheck {
  return limitRequests(app, {
    name: `customer-${route}`,
    limit,
    keyOf: (request) => emailOf(request.body),
    message: (wait) => `Too many attempts. Please wait ${wait} and try again.`,
  });
}

function emailOf(body: unknown): string {
  const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined;
  return typeof email === 'string' ? email : '';
}

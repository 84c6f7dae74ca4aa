import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@labshop/platform/http/api-error';

export interface RateLimit {
  max: number;
  timeWindow: string;
}

export type LimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A counter key that keeps emails and client addresses out of Redis. */
export const hashedKey = (value: string) => createHash('sha256').update(value).digest('base64url');

/** "45 seconds", "1 minute", "12 minutes": the wait as a person reads it. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface LimitOptions {
  /** Names the counter family, so limits on different routes never share counts. */
  name: string;
  limit: RateLimit;
  /** What is counted: a customer id, a hashed client address… (hashed before it is stored). */
  keyOf: (request: FastifyRequest) => string;
  /** The 429's message, given the wait as text ("45 seconds"). */
  message: (wait: string) => string;
}

/**
 * A request counter on @fastify/rate-limit's manual limiter (its counters: in Redis when the app has one),
 * so a route can carry several limits (per customer, per address) beside its own hooks. Past the limit it
 * answers 429 with the message and a Retry-After header in seconds.
 */
export function limitRequests(app: FastifyInstance, { name, limit, keyOf, message }: LimitOptions): LimitCheck {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${name}-${hashedKey(keyOf(request))}`,
  });
  return async (request, reply) => {
    const outcome = await check(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      const seconds = Math.max(1, outcome.ttlInSeconds);
      void reply.header('retry-after', String(seconds));
      throw new ApiError('TooManyRequests', message(waitText(seconds)));
    }
  };
}

export interface BudgetOptions {
  name: string;
  limit: RateLimit;
  keyOf: (request: FastifyRequest) => string;
}

/** A counter that refuses nothing: whether this request is still within its budget (each call spends one). */
export function budget(
  app: FastifyInstance,
  { name, limit, keyOf }: BudgetOptions,
): (request: FastifyRequest) => Promise<boolean> {
  const count = app.createRateLimit({
    ...limit,
    keyGenerator: (request: FastifyRequest) => `${name}-${hashedKey(keyOf(request))}`,
  });
  return async (request) => {
    const outcome = await count(request);
    return outcome.isAllowed || !outcome.isExceeded;
  };
}

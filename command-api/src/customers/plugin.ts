import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { EmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { customerProfileRoutes } from './profile-routes.ts';
import { DEFAULT_CUSTOMER_RATE_LIMITS, type CustomerRateLimits } from './rate-limits.ts';
import { customerAuthRoutes } from './routes.ts';
import { customerErasureRoutes } from './erasure-routes.ts';
import type { SignInGuard } from '../auth/sign-in-guard.ts';

export interface CustomerAccountsOptions {
  /** From `deriveEmailTokenKey(jwt secret)`: the workers derive the same key to put links in mail. */
  emailTokenKey: EmailTokenKey;
  activationTokenTtlMs: number;
  resetTokenTtlMs: number;
  rateLimits?: CustomerRateLimits;
  /** The clock commands are decided by (tests move it forward to expire tokens). */
  now?: () => Date;
  /** The local outbox (`<DATA_DIR>/mail`): an erasure deletes the messages naming the customer. */
  mailDir?: string;
}

/** Every customer-account route: /api/auth/* (anonymous) and /api/account/* (customer token). */
export const customerAccounts: FastifyPluginAsyncZod<
  CustomerAccountsOptions & {
    eventStore: EventStore;
    tokens: TokenService;
    signInGuard: SignInGuard;
    certificateDir: string;
  }
> = async (app, options) => {
  const now = options.now ?? (() => new Date());
  await app.register(customerAuthRoutes, {
    eventStore: options.eventStore,
    tokens: options.tokens,
    emailTokenKey: options.emailTokenKey,
    activationTokenTtlMs: options.activationTokenTtlMs,
    resetTokenTtlMs: options.resetTokenTtlMs,
    rateLimits: options.rateLimits ?? DEFAULT_CUSTOMER_RATE_LIMITS,
    signInGuard: options.signInGuard,
    now,
  });
  await app.register(customerProfileRoutes, { eventStore: options.eventStore, tokens: options.tokens, now });
  await app.register(customerErasureRoutes, {
    eventStore: options.eventStore,
    tokens: options.tokens,
    now,
    certificateDir: options.certificateDir,
    ...(options.mailDir && { mailDir: options.mailDir }),
  });
};

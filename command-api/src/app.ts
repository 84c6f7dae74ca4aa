import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { EventStore } from '@labshop/shared/event-store/port';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { createHttpApp } from '@labshop/shared/http/create-http-app';
import { adminAuthRoutes } from './admins/routes.ts';
import { catalogueRoutes } from './catalogue/routes.ts';

export interface CommandApiDeps {
  eventStore: EventStore;
  tokens: TokenService;
  logger?: FastifyBaseLogger | boolean;
  /** Shares rate-limit counters between instances. */
  redis?: Redis;
  loginRateLimit?: { max: number; timeWindow: string };
}

/** The command API: validates commands, decides, appends events. Every write answers with its position. */
export async function buildCommandApp(deps: CommandApiDeps) {
  const app = await createHttpApp({ title: 'LabShop command API', docsPrefix: '/api/docs/commands', logger: deps.logger, redis: deps.redis });
  await app.register(adminAuthRoutes, {
    eventStore: deps.eventStore,
    tokens: deps.tokens,
    loginRateLimit: deps.loginRateLimit ?? { max: 10, timeWindow: '1 minute' },
  });
  await app.register(catalogueRoutes, { eventStore: deps.eventStore, tokens: deps.tokens });
  return app;
}

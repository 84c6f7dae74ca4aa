import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createHttpApp } from '@labshop/platform/http/create-http-app';
import { commandRoutes, type CommandRoutesDeps } from '@labshop/command-api/app';
import { queryRoutes, type QueryRoutesDeps } from '@labshop/query-api/app';
import { registerWeb, spaFallback, webHelmet, type WebOptions } from './web.ts';

export interface PublicAppOptions extends WebOptions {
  commands: CommandRoutesDeps;
  queries: QueryRoutesDeps;
  logger?: FastifyBaseLogger;
  redis?: Redis;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); by default none: the shop faces its clients. */
  trustProxy?: string | false;
}

/**
 * The one-process shop's only server: the command and query routes as plugins of one Fastify app
 * next to the SPA, so an /api request is parsed, validated and answered once (no loopback hop), and
 * one OpenAPI document at /api/docs covers reads and commands together.
 */
export async function buildPublicApp(options: PublicAppOptions) {
  const app = await createHttpApp({
    title: 'LabShop API',
    docsPrefix: '/api/docs',
    logger: options.logger,
    redis: options.redis,
    trustProxy: options.trustProxy,
    helmet: webHelmet,
    notFound: spaFallback,
  });
  await app.register(commandRoutes, options.commands);
  await app.register(queryRoutes, options.queries);
  await registerWeb(app, options);
  return app;
}

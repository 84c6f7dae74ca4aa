import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import replyFrom from '@fastify/reply-from';
import { errorHandler } from '@labshop/shared/http/error-handler';
import { refuseMalformedQueryString } from '@labshop/shared/http/create-http-app';
import { registerWeb, spaFallback, webHelmet, type WebOptions } from './web.ts';

export interface GatewayOptions extends WebOptions {
  commandApiUrl: string;
  queryApiUrl: string;
  logger: FastifyBaseLogger;
  /** Proxies in front of the gateway whose X-Forwarded-For is believed (TRUST_PROXY); by default none. */
  trustProxy?: string | false;
}

interface OpenApiDocument {
  paths?: Record<string, unknown>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
  [key: string]: unknown;
}

/**
 * The public port of the split topology (docker compose), where the APIs run as separate services:
 * the built frontend, and /api split by intent: reads (GET, HEAD) go to the query API, everything
 * else to the command API. Request bodies stream through unparsed. (The one-process shop does not
 * use it: there the APIs are plugins of the public app, see public-app.ts.)
 */
export async function buildGateway(options: GatewayOptions) {
  const app = Fastify({ loggerInstance: options.logger, trustProxy: options.trustProxy ?? false });
  app.setErrorHandler(errorHandler);
  // The proxy decodes the query string to build the upstream URL: a malformed escape is the client's 400, not our 500.
  app.addHook('onRequest', refuseMalformedQueryString);
  await app.register(helmet, webHelmet);

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await api.register(replyFrom, { undici: { connections: 128, pipelining: 1 } });
    const upstream = (request: FastifyRequest) => (request.method === 'GET' || request.method === 'HEAD' ? options.queryApiUrl : options.commandApiUrl);
    api.all('/api/*', (request, reply) =>
      reply.from(`${upstream(request)}${request.url}`, {
        // The APIs believe this header from the gateway only (their TRUST_PROXY): it states the client address.
        rewriteRequestHeaders: (_request, headers) => ({ ...headers, 'x-forwarded-for': request.ip }),
      }),
    );
    // One document for the whole public API, as in the one-process shop: the query API's (which also serves the UI at /api/docs) with the command API's paths added.
    api.get('/api/docs/json', async () => {
      const [reads, commands] = await Promise.all([
        fetchDocument(`${options.queryApiUrl}/api/docs/json`),
        fetchDocument(`${options.commandApiUrl}/api/docs/commands/json`),
      ]);
      return {
        ...reads,
        info: { ...(reads.info as object), title: 'LabShop API' },
        paths: { ...reads.paths, ...commands.paths },
        components: {
          ...reads.components,
          schemas: { ...reads.components?.schemas, ...commands.components?.schemas },
          securitySchemes: { ...reads.components?.securitySchemes, ...commands.components?.securitySchemes },
        },
      };
    });
  });

  app.get('/health', async () => ({ status: 'ok' }));
  await registerWeb(app, options);
  app.setNotFoundHandler(spaFallback);
  return app;
}

async function fetchDocument(url: string): Promise<OpenApiDocument> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

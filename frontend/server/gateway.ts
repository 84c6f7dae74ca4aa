import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import replyFrom from '@fastify/reply-from';
import { DATABASE_RETRY_AFTER_SECONDS, errorHandler } from '@labshop/platform/http/error-handler';
import { ApiError } from '@labshop/platform/http/api-error';
import { BODY_LIMIT, refuseMalformedQueryString } from '@labshop/platform/http/create-http-app';
import { requestLogController } from '@labshop/platform/http/request-log';
import { addSecurityHeaders } from '@labshop/platform/http/security-headers';
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
  const app = Fastify({
    loggerInstance: options.logger,
    trustProxy: options.trustProxy ?? false,
    logController: requestLogController(),
  });
  app.setErrorHandler(errorHandler);
  addSecurityHeaders(app, webHelmet);
  // The proxy decodes the query string to build the upstream URL: a malformed escape is the client's 400, not our 500.
  app.addHook('onRequest', refuseMalformedQueryString);

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (request, payload, done) => {
      try {
        done(null, withinBodyLimit(request, payload));
      } catch (error) {
        done(error as Error);
      }
    });
    await api.register(replyFrom, { undici: { connections: 128, pipelining: 1 } });
    const upstream = (request: FastifyRequest) =>
      request.method === 'GET' || request.method === 'HEAD' ? options.queryApiUrl : options.commandApiUrl;
    api.all('/api/*', (request, reply) =>
      reply.from(`${upstream(request)}${request.url}`, {
        // The APIs believe this header from the gateway only (their TRUST_PROXY): it states the client address.
        // Expect: 100-continue was the client's question to the gateway, answered here; undici refuses to send it on.
        rewriteRequestHeaders: (_request, { expect: _expect, ...headers }) => ({
          ...headers,
          'x-forwarded-for': request.ip,
        }),
        onError: (reply, { error }) => reply.send(upstreamRefusal(error)),
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

  // The query API's answer (which store is away), or the query API itself as the dependency that is away.
  app.get('/health', async (_request, reply) => {
    const upstream = await fetch(`${options.queryApiUrl}/health`, { signal: AbortSignal.timeout(5_000) }).catch(
      () => null,
    );
    const body = upstream ? await upstream.json().catch(() => null) : null;
    if (upstream && body)
      return reply
        .code(upstream.status)
        .headers(upstream.headers.has('retry-after') ? { 'retry-after': upstream.headers.get('retry-after')! } : {})
        .send(body);
    return reply
      .code(503)
      .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      .send({ status: 'unavailable', dependencies: { queryApi: 'unavailable' } });
  });
  await registerWeb(app, options);
  app.setNotFoundHandler(spaFallback);
  return app;
}

/** What the client hears when forwarding failed: the gateway's own refusal, an API that is down, or the error. */
function upstreamRefusal(error: Error): Error {
  if (error.cause instanceof ApiError) return error.cause;
  const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND')
    return new ApiError(
      'ServiceUnavailable',
      'The shop is starting up or briefly unavailable. Please try again in a moment.',
    );
  return error;
}

const tooLarge = () => new ApiError('PayloadTooLarge', 'Request body is too large');

/**
 * Bodies stream through unparsed, so the APIs' body limit is kept here as well: the command API stops
 * reading a body past it and closes the connection, which a proxy still sending would only see as a broken
 * pipe (a 500). An announced length past it is refused at once, a streamed body once it passes it.
 * Multipart uploads pass as they are: the upload routes read them to the end and refuse an oversized file
 * with their own 413.
 */
function withinBodyLimit(request: FastifyRequest, payload: IncomingMessage): IncomingMessage | Transform {
  if (request.headers['content-type']?.startsWith('multipart/form-data')) return payload;
  if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT) throw tooLarge();
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= BODY_LIMIT) return callback(null, chunk);
      // The rest is read and dropped, so the client, still sending, gets to read the 413.
      payload.unpipe(counted).resume();
      callback(tooLarge());
    },
  });
  return payload.pipe(counted);
}

async function fetchDocument(url: string): Promise<OpenApiDocument> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as OpenApiDocument;
}

import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from './api-error.ts';
import { errorHandler } from './error-handler.ts';
import { requestLogController } from './request-log.ts';
import { addSecurityHeaders, type SecurityHeaderOptions } from './security-headers.ts';
import { serializerCompiler, validatorCompiler } from './zod-compilers.ts';

export interface HttpAppOptions {
  /** Title of the generated OpenAPI document. */
  title: string;
  /** Where Swagger UI and the OpenAPI JSON (`<docsPrefix>/json`) are served. */
  docsPrefix: string;
  logger?: FastifyBaseLogger | boolean;
  /** Shared rate-limit counters across instances; in-memory when absent. */
  redis?: Redis;
  /** Proxies whose X-Forwarded-For is believed (Fastify's trustProxy); by default none. */
  trustProxy?: string | false;
  /** Security headers (helmet's options); the one-process shop also serves the SPA and sets its content security policy. */
  helmet?: SecurityHeaderOptions;
  /** Answers unknown routes; by default the one error shape's 404. */
  notFound?: (request: FastifyRequest, reply: FastifyReply) => unknown;
}

/**
 * The Fastify instance both APIs start from: zod validation and serialisation, the one error shape,
 * security headers, opt-in per-route rate limits (`config: { rateLimit: {...} }`) and generated OpenAPI.
 */
/** The largest body the APIs parse (multipart uploads have their own per-file limits). */
export const BODY_LIMIT = 1024 * 1024;

export async function createHttpApp(options: HttpAppOptions) {
  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'boolean' ? options.logger : undefined,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
    genReqId: () => randomUUID(),
    logController: requestLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(options.notFound ?? notFound);

  addSecurityHeaders(app, options.helmet);
  app.addHook('onRequest', refuseMalformedQueryString);
  await app.register(rateLimit, {
    global: false,
    ...(options.redis && { redis: options.redis, nameSpace: 'labshop-rate-limit-' }),
    errorResponseBuilder: (_request, context) =>
      new ApiError(
        'TooManyRequests',
        `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
      ),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: options.title, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: options.docsPrefix, staticCSP: true });

  return app;
}

/**
 * The query-string parser skips escapes it cannot decode, so `?q=%FF` would read as no query at
 * all: such a request is refused instead, as a path with a bad escape is.
 */
export async function refuseMalformedQueryString(request: FastifyRequest) {
  const start = request.url.indexOf('?');
  if (start === -1 || !request.url.includes('%', start)) return;
  try {
    decodeURIComponent(request.url.slice(start + 1));
  } catch {
    throw new ApiError('BadRequest', 'The query string has a malformed percent-escape');
  }
}

/** The one error shape's 404 for a path no route serves. */
export function notFound(request: FastifyRequest): never {
  throw new ApiError('NotFound', `No route ${request.method} ${request.url.split('?')[0]}`);
}

export type HttpApp = Awaited<ReturnType<typeof createHttpApp>>;

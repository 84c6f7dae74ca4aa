import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import replyFrom from '@fastify/reply-from';
import fastifyStatic from '@fastify/static';

export interface GatewayOptions {
  commandApiUrl: string;
  queryApiUrl: string;
  /** The built frontend (vite build output). */
  staticDir: string;
  /** Served under /content: product images and documents. */
  contentDir?: string;
  logger: FastifyBaseLogger;
}

/**
 * The one origin the browser talks to: the built frontend, and /api split by intent: reads (GET,
 * HEAD) go to the query API, everything else to the command API, as does the command API's own
 * OpenAPI document. Request bodies stream through unparsed.
 */
export async function buildGateway(options: GatewayOptions) {
  const indexHtml = join(options.staticDir, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`The frontend is not built (${indexHtml} is missing): run npm run build -w @labshop/frontend`);

  const app = Fastify({ loggerInstance: options.logger });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Product descriptions may show images from any https origin (the sanitiser allows them).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Quill and React set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
  });

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    await api.register(replyFrom, { undici: { connections: 128, pipelining: 1 } });
    const upstream = (request: FastifyRequest) =>
      request.method === 'GET' || request.method === 'HEAD'
        ? request.url.startsWith('/api/docs/commands')
          ? options.commandApiUrl
          : options.queryApiUrl
        : options.commandApiUrl;
    api.all('/api/*', (request, reply) =>
      reply.from(`${upstream(request)}${request.url}`, {
        // The APIs trust this header for rate limits: the gateway states the client address itself.
        rewriteRequestHeaders: (_request, headers) => ({ ...headers, 'x-forwarded-for': request.ip }),
      }),
    );
  });

  if (options.contentDir) {
    await app.register(fastifyStatic, {
      root: options.contentDir,
      prefix: '/content/',
      decorateReply: false,
      // Uploads are named by their content hash: a name never points at other bytes.
      immutable: true,
      maxAge: '365d',
    });
  }
  await app.register(fastifyStatic, {
    root: options.staticDir,
    prefix: '/',
    wildcard: false,
    setHeaders: (reply, path) => {
      // Vite puts a content hash in every asset name; index.html must always be fetched afresh.
      reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Client-side routes: every other GET gets the app shell.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/content/')) {
      return reply.code(404).send({ error: 'NotFound', message: 'Not found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return app;
}

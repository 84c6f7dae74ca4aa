import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SecurityHeaderOptions } from '@labshop/platform/http/security-headers';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '@labshop/platform/http/create-http-app';

export interface WebOptions {
  /** The built frontend (vite build output). */
  staticDir: string;
  /** Served under /content: product images and documents. */
  contentDir?: string;
  /** Whether a file under /content is still part of the catalogue; when given, the others answer 404. */
  isServedContent?: (name: string) => Promise<boolean>;
}

/** The security headers of every answer of the shop's origin, the SPA's content security policy among them. */
export const webHelmet: SecurityHeaderOptions = {
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
};

export function assertFrontendBuilt(staticDir: string) {
  const indexHtml = join(staticDir, 'index.html');
  if (!existsSync(indexHtml))
    throw new Error(`The frontend is not built (${indexHtml} is missing): run npm run build -w @labshop/frontend`);
}

/**
 * The built SPA and the uploads, registered on the app that owns the public port (the one-process
 * shop or the compose gateway). Its not-found handler (`spaFallback`) must be that app's.
 */
export async function registerWeb(app: FastifyInstance, options: WebOptions) {
  assertFrontendBuilt(options.staticDir);
  if (options.contentDir) {
    const { isServedContent } = options;
    if (isServedContent) {
      app.addHook('onRequest', async (request) => {
        if (!request.url.startsWith('/content/')) return;
        const name = request.url.slice('/content/'.length).split('?')[0]!;
        if (!(await isServedContent(name))) notFound(request);
      });
    }
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
}

/** Client-side routes: every other GET gets the app shell; /api and /content paths the one error shape's 404. */
export function spaFallback(request: FastifyRequest, reply: FastifyReply) {
  if (request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/content/'))
    return notFound(request);
  return reply.header('cache-control', 'no-cache').sendFile('index.html');
}

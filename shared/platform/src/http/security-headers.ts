import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = HelmetOptions;

/**
 * The headers helmet sets for `options`, computed once: none of them depends on the request (no CSP
 * nonces), so building helmet's middleware and its content security policy string per request (what
 * @fastify/helmet does) is work thrown away on every answer.
 */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer of `app` (404s and errors included) carries the security headers of `options`. */
export function addSecurityHeaders(app: FastifyInstance, options?: SecurityHeaderOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from './create-http-app.ts';
import { ApiError } from './api-error.ts';
import { securityHeaders, type SecurityHeaderOptions } from './security-headers.ts';

const options: SecurityHeaderOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:', 'https:'], objectSrc: ["'none'"] },
  },
};

/** The headers helmet's own middleware sets on a real response, for comparison. */
async function helmetOnARealResponse(helmetOptions: SecurityHeaderOptions): Promise<IncomingHttpHeaders> {
  const middleware = helmet(helmetOptions);
  const server = createServer((request, response) => middleware(request, response, () => response.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return Object.fromEntries(response.headers);
  } finally {
    server.close();
  }
}

describe('security headers', () => {
  it("are the headers helmet's middleware sets, computed once", async () => {
    const computed = securityHeaders(options);
    const real = await helmetOnARealResponse(options);
    const {
      date: _date,
      connection: _connection,
      'keep-alive': _keepAlive,
      'content-length': _length,
      'transfer-encoding': _encoding,
      ...helmets
    } = real;
    expect(computed).toEqual(helmets);
    expect(computed['content-security-policy']).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
    );
  });

  it('are on every answer of an app: a route, a refusal and an unknown path', async () => {
    const app = await createHttpApp({ title: 'test', docsPrefix: '/docs', helmet: options });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async () => {
      throw new ApiError('Conflict', 'no');
    });
    const expected = securityHeaders(options);
    for (const url of ['/ok', '/refused', '/missing', '/ok?q=%FF']) {
      const response = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });
});

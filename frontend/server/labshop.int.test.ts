import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@labshop/platform/logger';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { startLabShop } from './labshop.ts';
import { startTestShop, type TestShop } from './testing/test-shop.ts';
import { createDetail, uploadImage } from './testing/catalogue-files.ts';

const ADMIN = { email: 'owner@labshop.test', password: 'owner-password' };
let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
afterAll(async () => {
  await shop?.stop();
});

const configFor = (overrides: Record<string, string>) => ({ ...shop.config, ...overrides });

const api = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
  const response = await fetch(`${shop.url}${path}`, {
    ...init,
    headers: { ...(init.json !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
};

describe('the whole shop on one port', () => {
  it('serves the app shell on every client route, with security headers', async () => {
    for (const path of ['/', '/products', '/admin/login', '/no/such/page']) {
      const response = await fetch(`${shop.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
  });

  it('routes writes to the command API and reads to the query API, reading its own writes', async () => {
    const login = await api('/api/admin/login', { method: 'POST', json: ADMIN });
    expect(login.status).toBe(200);
    const authorization = `Bearer ${login.body.token}`;
    const created = await api('/api/admin/catalogue/products', {
      method: 'POST',
      json: { name: 'Exosome Isolation' },
      headers: { authorization },
    });
    expect(created.status).toBe(201);
    // The back office's list: the storefront shows a category only once it has something in it.
    const listed = await api('/api/admin/catalogue/products', {
      headers: { authorization, 'x-labshop-position': created.body.position },
    });
    expect(
      listed.body.products.map((product: { productId: string; name: string }) => [product.productId, product.name]),
    ).toEqual([[created.body.productId, 'Exosome Isolation']]);
  });

  it('answers bad input and unknown API paths in the one error shape', async () => {
    const invalid = await api('/api/admin/login', { method: 'POST', json: { email: 'x' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({
      error: 'BadRequest',
      fields: { email: 'Please enter a valid email address', password: 'Password is required' },
    });
    const malformed = await fetch(`${shop.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect((await api('/api/nothing-here')).status).toBe(404);
  });

  it('serves uploaded files from the content folder as immutable, and nothing outside it', async () => {
    const client = {
      url: shop.url,
      authorization: `Bearer ${(await api('/api/admin/login', { method: 'POST', json: ADMIN })).body.token}`,
    };
    const files = await createDetail(client);
    const { url, position } = await uploadImage(client, files, [10, 120, 60]);
    await api(files.replace(/\/[^/]+\/files$/, ''), {
      headers: { authorization: client.authorization, 'x-labshop-position': position },
    });
    const response = await fetch(`${shop.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('content-type')).toBe('image/png');
    // A file in the folder that no detail holds is not served either.
    const stray = `${'a'.repeat(64)}.pdf`;
    await writeFile(join(shop.dataDir, 'content', stray), '%PDF-1.4 test');
    expect((await fetch(`${shop.url}/content/${stray}`)).status).toBe(404);
    expect((await fetch(`${shop.url}/content/${'b'.repeat(64)}.png`)).status).toBe(404);
    const secret = await readFile(join(shop.dataDir, 'jwt-secret'), 'utf8');
    for (const path of ['/content/..%2Fjwt-secret', '/content/%2e%2e/jwt-secret', '/content/../jwt-secret']) {
      expect(await (await fetch(`${shop.url}${path}`)).text(), path).not.toContain(secret.trim());
    }
  });

  it('guards every admin route and every account route on the server, whatever the method', async () => {
    const adminToken = (await api('/api/admin/login', { method: 'POST', json: ADMIN })).body.token as string;
    const customerToken = await createTokenService(await jwtSecret(shop.config)).sign(
      { role: 'customer', sub: 'c1', email: 'c@labshop.test' },
      '1h',
    );
    const routes: { method: string; path: string; role: 'admin' | 'customer' }[] = [];
    for (const [template, operations] of Object.entries(
      (await api('/api/docs/json')).body.paths as Record<string, object>,
    )) {
      const role =
        template === '/api/admin/login'
          ? null
          : template.startsWith('/api/admin/')
            ? 'admin'
            : template.startsWith('/api/account/')
              ? 'customer'
              : null;
      if (!role) continue;
      const path = template.replace(
        /\{(\w+)\}/g,
        (_match, name: string) => ({ slot: 'image', entityType: 'product' })[name] ?? crypto.randomUUID(),
      );
      for (const method of Object.keys(operations)) routes.push({ method: method.toUpperCase(), path, role });
    }
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, path, role } of routes) {
      const call = (authorization?: string) =>
        fetch(`${shop.url}${path}`, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(authorization && { authorization: `Bearer ${authorization}` }),
          },
          ...(method !== 'GET' && method !== 'DELETE' && { body: '{}' }),
        });
      expect((await call()).status, `${method} ${path} anonymous`).toBe(401);
      expect(
        (await call(role === 'admin' ? customerToken : adminToken)).status,
        `${method} ${path} with the other role`,
      ).toBe(403);
    }
  });

  it('serves one OpenAPI document for reads and commands together, with its UI', async () => {
    const paths = Object.keys((await api('/api/docs/json')).body.paths);
    expect(paths).toContain('/api/catalogue/menu');
    expect(paths).toContain('/api/admin/login');
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const ui = await fetch(`${shop.url}/api/docs`, { redirect: 'follow' });
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });

  it('refuses to start without Redis, saying where it looked and how to start it', async () => {
    await expect(startLabShop(configFor({ REDIS_URL: 'redis://127.0.0.1:1' }), createLogger('silent'))).rejects.toThrow(
      /Redis is not reachable at redis:\/\/127\.0\.0\.1:1.*\n.*redis-server/,
    );
  });

  it('refuses to start without PostgreSQL, saying where it looked and how to start it', async () => {
    await expect(
      startLabShop(configFor({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/labshop' }), createLogger('silent')),
    ).rejects.toThrow(
      /PostgreSQL is not reachable at postgres:\/\/postgres@127\.0\.0\.1:1\/labshop.*\n.*pg_ctlcluster/,
    );
  });
});

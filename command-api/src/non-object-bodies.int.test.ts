import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { buildCommandApp } from './app.ts';
import { adminAuthorization } from './testing/admin-session.ts';

// Every write route whose body is JSON refuses a body that is not an object with a 400 naming the body, before any
// rule reads a field of it (a refinement once read a field of `[]` and answered 500).
const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let admin: { authorization: string };
let customer: { authorization: string };

beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({ eventStore: stores.eventStore, tokens, trustProxy: '127.0.0.1' });
  await app.ready();
  admin = await adminAuthorization(stores.eventStore, tokens);
  const token = await tokens.sign({ role: 'customer', sub: randomUUID(), email: 'ann@example.com' }, '1h');
  customer = { authorization: `Bearer ${token}` };
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

interface Operation {
  requestBody?: { content?: Record<string, unknown> };
}

/** The JSON write routes the API documents (its OpenAPI document is generated from the routes' own schemas). */
function jsonWriteRoutes(): { method: string; url: string }[] {
  const document = app.swagger() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method, operation]) => method !== 'get' && operation.requestBody?.content?.['application/json'])
      .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, randomUUID()) })),
  );
}

const notObjects = ['[]', 'null', '"s"', '1', 'true', '[{}]'];

describe('a JSON body that is not an object', () => {
  it('is refused with 400 by every write route', async () => {
    const routes = jsonWriteRoutes();
    expect(routes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    let client = 0;
    for (const { method, url } of routes) {
      const authorization = url.startsWith('/api/admin') ? admin : customer;
      for (const body of notObjects) {
        client += 1;
        const response = await app.inject({
          method: method as 'POST',
          url,
          payload: body,
          headers: {
            ...authorization,
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
          },
        });
        if (response.statusCode !== 400) answers.push(`${method} ${url} ${body} → ${response.statusCode}`);
      }
    }
    expect(answers).toEqual([]);
  });
});

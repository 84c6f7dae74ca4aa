/**
 * The findings of a black-box probe (issue 11), each reproduced through the public port of the
 * whole one-process shop, as an outsider would send it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStores } from '@labshop/shared/stores';
import { customerEmailStream } from '@labshop/shared/events/customers';
import { startTestShop, type TestShop } from './testing/test-shop.ts';

const ADMIN = { email: 'owner@labshop.test', password: 'owner-password' };
let shop: TestShop;
let stores: Awaited<ReturnType<typeof openStores>>;

beforeAll(async () => {
  shop = await startTestShop({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  stores = await openStores(shop.config);
});
afterAll(async () => {
  await stores?.close();
  await shop?.stop();
});

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever JSON the API answered
}

async function api(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${shop.url}${path}`, {
    ...init,
    headers: { ...(init.json !== undefined && { 'content-type': 'application/json' }), ...init.headers },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

const registration = (email: string, changes: Record<string, unknown> = {}) => ({
  title: 'Ms',
  firstName: 'Ann',
  lastName: 'Lee',
  email,
  password: 'first-password',
  newsletter: false,
  terms: true,
  ...changes,
});

async function streamEvents(stream: string) {
  const events = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

async function adminAuthorization(): Promise<string> {
  const login = await api('/api/admin/login', { method: 'POST', json: ADMIN });
  expect(login.status).toBe(200);
  return `Bearer ${login.body.token}`;
}

describe('finding 1: text a store cannot hold or a person cannot see', () => {
  const unstorable = { nul: 'An\u0000n', loneSurrogate: 'An\uD800n', loneLowSurrogate: '\uDC00Ann' };

  it('refuses NUL and lone surrogates in names with 400, and leaves no email reservation behind', async () => {
    for (const [kind, firstName] of Object.entries(unstorable)) {
      const email = `nul-${kind.toLowerCase()}@example.com`;
      const refused = await api('/api/auth/register', { method: 'POST', json: registration(email, { firstName }) });
      expect(refused.status, kind).toBe(400);
      expect(refused.body.fields).toEqual({ firstName: 'First name contains characters that are not allowed' });
      expect(await streamEvents(customerEmailStream(email)), kind).toEqual([]);
      // The email stays free: the owner registers with it at once.
      expect((await api('/api/auth/register', { method: 'POST', json: registration(email) })).status, kind).toBe(201);
    }
  });

  it('counts a name of invisible characters only as empty', async () => {
    for (const lastName of ['\u200B\u200B', '\u3164', '\u00AD\u200D', ' \uFEFF ']) {
      const refused = await api('/api/auth/register', { method: 'POST', json: registration('invisible@example.com', { lastName }) });
      expect(refused.status, JSON.stringify(lastName)).toBe(400);
      expect(refused.body.fields).toEqual({ lastName: 'Last name is required' });
    }
    expect(await streamEvents(customerEmailStream('invisible@example.com'))).toEqual([]);
    // Accents, other scripts and emoji (surrogate pairs) are ordinary text.
    const welcome = await api('/api/auth/register', { method: 'POST', json: registration('invisible@example.com', { firstName: 'Zoë 😀', lastName: '李小龍' }) });
    expect(welcome.status).toBe(201);
  });

  it('refuses them in passwords, admin names and rich text too, with 400 and no 500', async () => {
    const authorization = await adminAuthorization();
    for (const [kind, text] of Object.entries(unstorable)) {
      expect((await api('/api/auth/login', { method: 'POST', json: { email: 'ann@example.com', password: `pass${text}` } })).status, kind).toBe(400);
      expect((await api('/api/admin/login', { method: 'POST', json: { email: ADMIN.email, password: `pass${text}` } })).status, kind).toBe(400);
      const product = await api('/api/admin/catalogue/products', { method: 'POST', json: { name: text }, headers: { authorization } });
      expect(product.status, kind).toBe(400);
      expect(product.body.fields.name).toMatch(/not allowed/);
    }
    const created = await api('/api/admin/catalogue/products', { method: 'POST', json: { name: 'Pipettes' }, headers: { authorization } });
    for (const [kind, text] of Object.entries(unstorable)) {
      const content = await api(`/api/admin/catalogue/products/${created.body.productId}/content`, { method: 'PATCH', json: { content: `<p>${text}</p>` }, headers: { authorization } });
      expect(content.status, kind).toBe(400);
    }
  });
});

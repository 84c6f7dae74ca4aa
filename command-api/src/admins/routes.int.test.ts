import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { ADMIN_SECURITY_STREAM } from '@labshop/contracts/admins/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;

// Requests come from inject's 127.0.0.1, trusted as the proxy: X-Forwarded-For names each test's client.
beforeAll(async () => {
  stores = await createTestStores();
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    loginRateLimit: { max: 5, timeWindow: '1 minute' },
    trustProxy: '127.0.0.1',
  });
  await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

const login = (payload: unknown, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: payload as object,
    headers: { 'x-forwarded-for': ip },
  });

describe('admin login', () => {
  it('gives an admin token for the right email (any case) and password', async () => {
    const response = await login({ email: 'Admin@LabShop.test', password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const claims = await tokens.verify(response.json().token);
    expect(claims).toMatchObject({ role: 'admin', email: TEST_ADMIN.email });
  });

  it('answers the same 401 for a wrong password and for an unknown email', async () => {
    const wrongPassword = await login({ email: TEST_ADMIN.email, password: 'wrong-password' }, '10.0.0.2');
    const unknownEmail = await login({ email: 'nobody@labshop.test', password: 'wrong-password' }, '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
    expect(wrongPassword.json().message).toBe('Invalid email or password');
  });

  it('records each failed sign-in, known email or not, with the address and browser but never the password', async () => {
    const attempt = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email, password: 'Secret-Guess-42' },
        headers: { 'x-forwarded-for': '10.0.0.4', 'user-agent': 'AuditBrowser/1.0' },
      });
    expect((await attempt(TEST_ADMIN.email)).statusCode).toBe(401);
    expect((await attempt('Stranger@LabShop.test')).statusCode).toBe(401);
    const failures = [];
    for await (const event of stores.eventStore.readStream(ADMIN_SECURITY_STREAM)) failures.push(event);
    const recent = failures.slice(-2);
    expect(recent.map(({ type, data }) => ({ type, data }))).toEqual([
      {
        type: 'AdminSignInFailed',
        data: { adminId: expect.any(String), email: TEST_ADMIN.email, reason: 'wrong-password' },
      },
      { type: 'AdminSignInFailed', data: { adminId: null, email: 'stranger@labshop.test', reason: 'unknown-email' } },
    ]);
    for (const event of recent) {
      expect(event.metadata).toMatchObject({
        actor: { kind: 'anonymous' },
        ip: '10.0.0.4',
        userAgent: 'AuditBrowser/1.0',
      });
      expect(JSON.stringify(event)).not.toContain('Secret-Guess-42');
    }
  });

  it('validates with the spec rules', async () => {
    const response = await login({ email: 'not-an-email', password: '12345' }, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
    const injection = await login({ email: { $ne: null }, password: { $ne: null } }, '10.0.0.3');
    expect(injection.statusCode).toBe(400);
  });

  it('limits attempts per client address', async () => {
    const statuses = [];
    // Other emails each time: this is the per-address limit, not the per-account pauses (login-throttle.ts).
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await login({ email: `guess${i}@labshop.test`, password: 'wrong-password' }, '10.0.0.9')).statusCode,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await login({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, '10.0.0.10')).statusCode).toBe(200);
  });

  it('a customer token is refused on admin routes', async () => {
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'c@example.com' }, '1h');
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/admin/catalogue/products/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('admin password change', () => {
  it('refuses a common new password with 400 on its field and changes nothing', async () => {
    const session = await adminAuthorization(stores.eventStore, tokens);
    const change = (newPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/admin/password',
        payload: { currentPassword: TEST_ADMIN.password, newPassword },
        headers: { ...session, 'x-forwarded-for': '10.0.9.1' },
      });
    const refused = await change('password1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { newPassword: COMMON_PASSWORD_MESSAGE } });
    expect((await login({ email: TEST_ADMIN.email, password: TEST_ADMIN.password }, '10.0.9.2')).statusCode).toBe(200);
  });
});

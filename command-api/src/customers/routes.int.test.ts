import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { deriveEmailTokenKey, emailToken, type EmailTokenPurpose } from '@labshop/platform/auth/email-tokens';
import { RETURN_PATH_MESSAGE } from '@labshop/contracts/customers/return-paths-commands';
import { createTestStores } from '@labshop/platform/testing/stores';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream } from '@labshop/contracts/customers/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization } from '../testing/admin-session.ts';
import { customerMessages } from './routes.ts';
import { COMMON_PASSWORD_MESSAGE } from '../auth/common-passwords.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const tokens = createTokenService(secret);
const emailTokenKey = deriveEmailTokenKey(secret);
const HOUR = 3_600_000;
let clock = Date.parse('2026-03-01T10:00:00.000Z');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;

const customers = (perEmail = 1_000, perAddress = 1_000) => ({
  emailTokenKey,
  activationTokenTtlMs: 48 * HOUR,
  resetTokenTtlMs: HOUR,
  rateLimits: {
    perAddress: { max: perAddress, timeWindow: '1 minute' },
    perEmail: { max: perEmail, timeWindow: '1 minute' },
  },
  now: () => new Date(clock),
});

beforeAll(async () => {
  stores = await createTestStores();
  // inject's 127.0.0.1 is trusted as the proxy: X-Forwarded-For names each test's client.
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    customers: customers(),
    trustProxy: '127.0.0.1',
  });
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

// Streams are read directly: readAll only sees events below the store's transaction horizon, which
// other databases' traffic on the same server can hold back for a moment.
const emailsSeen = new Set<string>();

/** Every event of the reservation and account streams of every email a request named, in global order. */
async function customerEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (const email of emailsSeen) {
    for await (const event of stores.eventStore.readStream(customerEmailStream(email))) {
      events.push(event);
      for await (const accountEvent of stores.eventStore.readStream(
        customerStream((event.data as { customerId: string }).customerId),
      ))
        events.push(accountEvent);
    }
  }
  return events.sort((a, b) => (a.position < b.position ? -1 : 1));
}

function post(url: string, payload: unknown, headers: Record<string, string> = {}, target = app) {
  const email = (payload as { email?: unknown }).email;
  if (typeof email === 'string') emailsSeen.add(email.trim().toLowerCase());
  return target.inject({ method: 'POST', url, payload: payload as object, headers });
}

const registration = (email: string, changes: Record<string, unknown> = {}) => ({
  title: 'Ms',
  firstName: 'Ann',
  lastName: 'Lee',
  email,
  password: 'first-password',
  newsletter: true,
  terms: true,
  ...changes,
});

/** The token the latest mail of this kind for `email` would carry, as the worker derives it. */
async function mailedToken(email: string, purpose: EmailTokenPurpose): Promise<string> {
  const type = purpose === 'activation' ? 'ActivationTokenIssued' : 'PasswordResetRequested';
  const issued = (await customerEvents())
    .filter((event) => event.type === type && (event.data as { email: string }).email === email)
    .at(-1);
  if (!issued) throw new Error(`no ${type} for ${email}`);
  return emailToken(emailTokenKey, purpose, (issued.data as { tokenId: string }).tokenId);
}

async function registerAndActivate(email: string): Promise<void> {
  expect((await post('/api/auth/register', registration(email))).statusCode).toBe(201);
  expect(
    (await post('/api/auth/activate-account', { email, token: await mailedToken(email, 'activation') })).statusCode,
  ).toBe(200);
}

async function signIn(email: string, password: string, rememberMe = false) {
  return post('/api/auth/login', { email, password, rememberMe });
}

describe('customer registration', () => {
  it('registers, answering with the spec message, and records the account with a hash and a hashed token only', async () => {
    const response = await post('/api/auth/register', registration('  Ann@Example.com '));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Activation link sent to your email!', position: expect.any(String) });

    const events = await customerEvents();
    expect(events.map((event) => event.type)).toEqual([
      'CustomerEmailReserved',
      'CustomerRegistered',
      'ActivationTokenIssued',
    ]);
    const registered = events[1]?.data as Record<string, unknown>;
    expect(registered).toMatchObject({
      email: 'ann@example.com',
      title: 'Ms',
      firstName: 'Ann',
      lastName: 'Lee',
      newsletter: true,
      termsAcceptedAt: '2026-03-01T10:00:00.000Z',
    });
    expect(registered.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(events)).not.toContain('first-password');
    const token = await mailedToken('ann@example.com', 'activation');
    expect(JSON.stringify(events)).not.toContain(token);
    expect(events[2]?.data).toMatchObject({ reason: 'registration', expiresAt: '2026-03-03T10:00:00.000Z' });
    expect(events[1]?.metadata.actor).toMatchObject({ kind: 'customer', email: 'ann@example.com' });
  });

  it("refuses the same email (any case) with 'Email already registered!' and writes nothing", async () => {
    const before = (await customerEvents()).length;
    const response = await post('/api/auth/register', registration('ANN@example.com', { firstName: 'Other' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'Conflict', message: 'Email already registered!' });
    expect(await customerEvents()).toHaveLength(before);
  });

  it.each([
    [{ title: 'Dr' }, 'title', 'Please choose Mr or Ms'],
    [{ title: undefined }, 'title', 'Please choose Mr or Ms'],
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ firstName: '  ' }, 'firstName', 'First name is required'],
    [{ lastName: undefined }, 'lastName', 'Last name is required'],
    [{ lastName: 'L' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: { $ne: null } }, 'email', 'Please enter a valid email address'],
    [{ password: '12345' }, 'password', 'Password must be at least 6 characters'],
    [{ password: '' }, 'password', 'Password is required'],
    [{ terms: false }, 'terms', 'Please agree to the terms and conditions and the privacy policy'],
    [{ terms: undefined }, 'terms', 'Please agree to the terms and conditions and the privacy policy'],
    [{ newsletter: 'yes' }, 'newsletter', 'Newsletter must be true or false'],
  ])('refuses %j with 400, its field message, and writes nothing', async (changes, field, message) => {
    const before = (await customerEvents()).length;
    const response = await post('/api/auth/register', registration('bad-input@example.com', changes));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { [field]: message } });
    expect(await customerEvents()).toHaveLength(before);
  });

  it.each(['123456', 'Password1', 'qwerty123', 'iloveyou'])(
    'refuses the common password %s with 400 on its field and writes nothing',
    async (password) => {
      const before = (await customerEvents()).length;
      const response = await post('/api/auth/register', registration('common-password@example.com', { password }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { password: COMMON_PASSWORD_MESSAGE } });
      expect(await customerEvents()).toHaveLength(before);
    },
  );

  it.each([
    'https://evil.example/order',
    '//evil.example/order',
    '/order/../admin',
    'javascript:alert(1)',
    '/admin',
    '',
  ])('refuses the return path %j with 400 and its field message, and writes nothing', async (returnTo) => {
    const before = (await customerEvents()).length;
    const response = await post('/api/auth/register', registration('bad-return@example.com', { returnTo }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { returnTo: RETURN_PATH_MESSAGE } });
    expect(await customerEvents()).toHaveLength(before);
  });

  it('registering at checkout keeps /order on the activation event and says the checkout waits', async () => {
    const response = await post(
      '/api/auth/register',
      registration('checkout-buyer@example.com', { returnTo: '/order' }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: customerMessages.registeredAtCheckout, position: expect.any(String) });
    const issued = (await customerEvents()).filter((event) => event.type === 'ActivationTokenIssued').at(-1);
    expect(issued?.data).toMatchObject({
      email: 'checkout-buyer@example.com',
      reason: 'registration',
      returnTo: '/order',
    });
  });

  it('refuses unknown fields', async () => {
    expect((await post('/api/auth/register', registration('extra@example.com', { role: 'admin' }))).statusCode).toBe(
      400,
    );
  });

  it('creates exactly one customer from 100 concurrent registrations of one email', async () => {
    const email = 'race@example.com';
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post('/api/auth/register', registration(email, { firstName: `Racer${index}` }), {
          'x-forwarded-for': `10.1.0.${index}`,
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    for (const response of responses.filter((r) => r.statusCode === 409))
      expect(response.json().message).toBe('Email already registered!');
    const events = (await customerEvents()).filter((event) => (event.data as { email?: string }).email === email);
    expect(events.filter((event) => event.type === 'CustomerEmailReserved')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'CustomerRegistered')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'ActivationTokenIssued')).toHaveLength(1);
  }, 60_000);
});

describe('activation and sign-in', () => {
  it('signs in only after activation, with a clear message before it', async () => {
    await post(
      '/api/auth/register',
      registration('bob@example.com', { title: 'Mr', firstName: 'Bob', lastName: 'Stone' }),
    );
    const early = await signIn('bob@example.com', 'first-password');
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Please activate your account first. Check your email for the activation link.');

    const activated = await post('/api/auth/activate-account', {
      email: 'bob@example.com',
      token: await mailedToken('bob@example.com', 'activation'),
    });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ success: true, message: 'Account activated successfully!' });

    const response = await signIn('BOB@example.com', 'first-password');
    expect(response.statusCode).toBe(200);
    const { token, customer } = response.json();
    expect(customer).toEqual({ id: expect.any(String), email: 'bob@example.com', firstName: 'Bob', lastName: 'Stone' });
    expect(await tokens.verify(token)).toEqual({
      role: 'customer',
      sub: customer.id,
      email: 'bob@example.com',
      givenName: 'Bob',
      familyName: 'Stone',
      sessionId: expect.any(String),
    });
    const signedIn = (await customerEvents()).filter((event) => event.type === 'CustomerSignedIn');
    expect(signedIn.at(-1)?.data).toEqual({ customerId: customer.id, rememberMe: false });
  });

  it('keeps a Remember me session 30 days and a plain one 2 hours', async () => {
    const lifetime = async (rememberMe: boolean) => {
      const { token } = (await signIn('bob@example.com', 'first-password', rememberMe)).json();
      const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      return claims.exp - claims.iat;
    };
    expect(await lifetime(false)).toBe(2 * 60 * 60);
    expect(await lifetime(true)).toBe(30 * 24 * 60 * 60);
  });

  it("answers the same 401 'Invalid email or password' for a wrong password and an unknown email", async () => {
    const wrong = await signIn('bob@example.com', 'wrong-password');
    const unknown = await signIn('nobody@example.com', 'wrong-password');
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('refuses a reused activation token, and one for another email', async () => {
    const token = await mailedToken('bob@example.com', 'activation');
    const reused = await post('/api/auth/activate-account', { email: 'bob@example.com', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(customerMessages.activationFailed);
    const elsewhere = await post('/api/auth/activate-account', { email: 'ann@example.com', token });
    expect(elsewhere.statusCode).toBe(400);
    const unknown = await post('/api/auth/activate-account', { email: 'nobody@example.com', token });
    expect(unknown.statusCode).toBe(400);
  });

  it('refuses an expired activation token; a resent one works and replaces the old', async () => {
    await post('/api/auth/register', registration('late@example.com'));
    const first = await mailedToken('late@example.com', 'activation');
    clock += 48 * HOUR;
    const expired = await post('/api/auth/activate-account', { email: 'late@example.com', token: first });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(customerMessages.activationFailed);

    const resent = await post('/api/auth/resend-activation', { email: 'late@example.com' });
    expect(resent.json()).toEqual({ message: 'New activation link sent! Check your email.' });
    const second = await mailedToken('late@example.com', 'activation');
    expect(second).not.toBe(first);
    expect((await post('/api/auth/activate-account', { email: 'late@example.com', token: first })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/activate-account', { email: 'late@example.com', token: second })).statusCode).toBe(
      200,
    );
  });

  it('answers resend and forgot-password alike for unknown emails, writing nothing', async () => {
    const before = (await customerEvents()).length;
    const resend = await post('/api/auth/resend-activation', { email: 'ghost@example.com' });
    const forgot = await post('/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(resend.json()).toEqual({ message: 'New activation link sent! Check your email.' });
    expect(forgot.json()).toEqual({
      message: 'Password reset instructions have been sent to your email. Please check your inbox.',
    });
    expect(await customerEvents()).toHaveLength(before);

    expect((await post('/api/auth/forgot-password', { email: '' })).json().fields).toEqual({
      email: 'Please enter your email address',
    });
    expect((await post('/api/auth/forgot-password', { email: 'nope' })).json().fields).toEqual({
      email: 'Please enter a valid email address',
    });
    expect((await post('/api/auth/resend-activation', {})).json().fields).toEqual({
      email: 'Please enter your email address',
    });
    expect(await customerEvents()).toHaveLength(before);
  });
});

describe('password reset', () => {
  it('sets a new password once; the old password and the used link stop working', async () => {
    await registerAndActivate('carol@example.com');
    expect((await post('/api/auth/forgot-password', { email: 'carol@example.com' })).statusCode).toBe(200);
    const token = await mailedToken('carol@example.com', 'reset');

    const reset = await post('/api/auth/reset-password', {
      email: 'carol@example.com',
      token,
      newPassword: 'second-password',
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn('carol@example.com', 'first-password')).statusCode).toBe(401);
    expect((await signIn('carol@example.com', 'second-password')).statusCode).toBe(200);

    const reused = await post('/api/auth/reset-password', {
      email: 'carol@example.com',
      token,
      newPassword: 'third-password',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/not valid/);
    expect((await signIn('carol@example.com', 'second-password')).statusCode).toBe(200);
  });

  it('refuses a reset link after its hour, an activation token as a reset token, and a short password', async () => {
    await post('/api/auth/forgot-password', { email: 'carol@example.com' });
    const token = await mailedToken('carol@example.com', 'reset');
    const short = await post('/api/auth/reset-password', { email: 'carol@example.com', token, newPassword: '12345' });
    expect(short.json()).toMatchObject({ fields: { newPassword: 'Password must be at least 6 characters' } });
    const common = await post('/api/auth/reset-password', { email: 'carol@example.com', token, newPassword: 'abc123' });
    expect(common.json()).toMatchObject({ fields: { newPassword: COMMON_PASSWORD_MESSAGE } });
    const activationToken = await mailedToken('carol@example.com', 'activation');
    expect(
      (
        await post('/api/auth/reset-password', {
          email: 'carol@example.com',
          token: activationToken,
          newPassword: 'third-password',
        })
      ).statusCode,
    ).toBe(400);

    clock += HOUR;
    const expired = await post('/api/auth/reset-password', {
      email: 'carol@example.com',
      token,
      newPassword: 'third-password',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('This password reset link has expired. Please request a new one.');
    expect((await signIn('carol@example.com', 'second-password')).statusCode).toBe(200);
  });
});

describe('profile and roles', () => {
  const profile = {
    fullName: 'Carol Reyes',
    company: 'Reyes Lab',
    vatNumber: '',
    phone: '+1 555-0100',
    address1: '1 Lab Way',
    address2: '',
    city: 'Boston',
    state: 'MA',
    zipCode: '02110',
  };
  const put = (payload: unknown, headers: Record<string, string>) =>
    app.inject({ method: 'PUT', url: '/api/account/profile', payload: payload as object, headers });

  it('saves the signed-in customer’s profile, recording only what changed', async () => {
    const { token, customer } = (await signIn('carol@example.com', 'second-password')).json();
    const authorization = `Bearer ${token}`;
    expect((await put(profile, { authorization })).statusCode).toBe(200);
    const response = await put({ ...profile, city: 'Cambridge' }, { authorization });
    expect(response.json()).toEqual({ position: expect.any(String) });
    const changes = (await customerEvents())
      .filter((event) => event.type === 'CustomerProfileChanged')
      .map((event) => event.data);
    expect(changes.slice(-2)).toEqual([
      {
        customerId: customer.id,
        changes: {
          fullName: 'Carol Reyes',
          company: 'Reyes Lab',
          phone: '+1 555-0100',
          address1: '1 Lab Way',
          city: 'Boston',
          state: 'MA',
          zipCode: '02110',
        },
      },
      { customerId: customer.id, changes: { city: 'Cambridge' } },
    ]);
  });

  it.each([
    [{ state: 'Ontario' }, 'state', 'Please choose a state from the list'],
    // The state by its code, as checkout takes it: a name is not one.
    [{ state: 'Massachusetts' }, 'state', 'Please choose a state from the list'],
    [{ state: '' }, 'state', 'State is required'],
    [{ zipCode: '' }, 'zipCode', 'Zip code is required'],
    [{ zipCode: '0211' }, 'zipCode', 'Zip code must be 5 digits (or ZIP+4)'],
    [{ phone: '' }, 'phone', 'Phone number is required'],
    [{ address1: ' ' }, 'address1', 'Address is required'],
    [{ city: undefined }, 'city', 'City is required'],
    [{ fullName: '' }, 'fullName', 'Display name is required'],
  ])('refuses the profile change %j with 400 and writes nothing', async (changes, field, message) => {
    const { token } = (await signIn('carol@example.com', 'second-password')).json();
    const before = (await customerEvents()).length;
    const response = await put({ ...profile, ...changes }, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect(await customerEvents()).toHaveLength(before);
  });

  it('refuses a customer token on admin routes and an admin token on customer routes (401 without any)', async () => {
    const { token } = (await signIn('carol@example.com', 'second-password')).json();
    const onAdmin = await app.inject({
      method: 'POST',
      url: '/api/admin/catalogue/products',
      payload: { name: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onAdmin.statusCode).toBe(403);
    const admin = await adminAuthorization(stores.eventStore, tokens);
    const onCustomer = await put(profile, admin);
    expect(onCustomer.statusCode).toBe(403);
    expect(onCustomer.json().message).toBe('Please sign in as a customer.');
    expect((await put(profile, {})).statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits sign-in per email across addresses, and per address across emails', async () => {
    const limited = await buildCommandApp({
      eventStore: stores.eventStore,
      tokens,
      customers: customers(3, 5),
      trustProxy: '127.0.0.1',
    });
    try {
      const perEmail = [];
      for (let i = 0; i < 5; i++)
        perEmail.push(
          (
            await post(
              '/api/auth/login',
              { email: 'bob@example.com', password: 'wrong' },
              { 'x-forwarded-for': `10.2.0.${i}` },
              limited,
            )
          ).statusCode,
        );
      expect(perEmail).toEqual([401, 401, 401, 429, 429]);

      const perAddress = [];
      for (let i = 0; i < 7; i++)
        perAddress.push(
          (
            await post(
              '/api/auth/forgot-password',
              { email: `user${i}@example.com` },
              { 'x-forwarded-for': '10.3.0.1' },
              limited,
            )
          ).statusCode,
        );
      expect(perAddress).toEqual([200, 200, 200, 200, 200, 429, 429]);
      const refused = await post(
        '/api/auth/forgot-password',
        { email: 'user9@example.com' },
        { 'x-forwarded-for': '10.3.0.1' },
        limited,
      );
      expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    } finally {
      await limited.close();
    }
  });
});

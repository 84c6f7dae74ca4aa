import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { deriveEmailTokenKey, emailToken } from '@labshop/platform/auth/email-tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream } from '@labshop/contracts/customers/events';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';
import { deriveDeviceCookieKey } from './device-cookie.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const tokens = createTokenService(secret);
const emailTokenKey = deriveEmailTokenKey(secret);
/** The sign-in pauses run on this clock: the attacker's three minutes pass without the test waiting. */
let clock = Date.parse('2026-03-01T10:00:00.000Z');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;

beforeAll(async () => {
  stores = await createTestStores();
  // inject's 127.0.0.1 is trusted as the proxy: X-Forwarded-For names the client. The per-address limits count in real
  // time, which this test compresses: they are raised here (their own tests are in admins/ and customers/).
  const perAddress = { max: 1_000, timeWindow: '1 minute' };
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    trustProxy: '127.0.0.1',
    loginRateLimit: perAddress,
    customers: {
      emailTokenKey,
      activationTokenTtlMs: 3_600_000,
      resetTokenTtlMs: 3_600_000,
      rateLimits: { perAddress, perEmail: perAddress },
    },
    signIn: { deviceCookieKey: deriveDeviceCookieKey(secret), throttle: { now: () => clock } },
  });
  await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

type Kind = 'admin' | 'customer';
const loginUrl = { admin: '/api/admin/login', customer: '/api/auth/login' };

function signIn(kind: Kind, email: string, password: string, { ip, cookie }: { ip: string; cookie?: string }) {
  return app.inject({
    method: 'POST',
    url: loginUrl[kind],
    payload: { email, password },
    headers: { 'x-forwarded-for': ip, ...(cookie && { cookie }) },
  });
}

/** What a browser sends back of a Set-Cookie: the name=value part. */
function deviceCookieOf(response: Awaited<ReturnType<typeof signIn>>): string {
  const header = response.headers['set-cookie'];
  const setCookie = String(Array.isArray(header) ? header[0] : header);
  expect(setCookie).toMatch(/; HttpOnly; SameSite=Strict/);
  return setCookie.split(';')[0]!;
}

async function registerAndActivate(email: string, password: string) {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { title: 'Ms', firstName: 'Ann', lastName: 'Lee', email, password, newsletter: false, terms: true },
  });
  expect(registered.statusCode, registered.body).toBe(201);
  let tokenId = '';
  for await (const reservation of stores.eventStore.readStream(customerEmailStream(email))) {
    for await (const event of stores.eventStore.readStream(
      customerStream((reservation.data as { customerId: string }).customerId),
    )) {
      if (event.type === 'ActivationTokenIssued') tokenId = (event.data as { tokenId: string }).tokenId;
    }
  }
  const activated = await app.inject({
    method: 'POST',
    url: '/api/auth/activate-account',
    payload: { email, token: emailToken(emailTokenKey, 'activation', tokenId) },
  });
  expect(activated.statusCode, activated.body).toBe(200);
}

const secondsToWait = (response: Awaited<ReturnType<typeof signIn>>) => Number(response.headers['retry-after']);

describe.each([
  ['admin', TEST_ADMIN.email, TEST_ADMIN.password, '10.20.0'],
  ['customer', 'owner@example.com', 'owners-Right-pass-42', '10.30.0'],
] as const)('%s sign-in under a lock-out attack', (kind, email, password, net) => {
  const owner = `${net}.1`;
  const attacker = `${net}.66`;
  let ownersDevice = '';

  it('gives the owner a device cookie at a good sign-in', async () => {
    if (kind === 'customer') await registerAndActivate(email, password);
    const first = await signIn(kind, email, password, { ip: owner });
    expect(first.statusCode, first.body).toBe(200);
    ownersDevice = deviceCookieOf(first);
    // The cookie names no email.
    expect(Buffer.from(ownersDevice.split('=')[1]!.split('.')[0]!, 'base64url').toString()).not.toContain(email);
  });

  it("an attacker's wrong password every time the pause ends for three minutes never keeps the owner (with the cookie) out", async () => {
    let attempts = 0;
    let pausesSeen = 0;
    let ownerSignIns = 0;
    const start = clock;
    let ownersNextVisit = clock + 20_000;
    while (clock < start + 3 * 60_000) {
      const guess = await signIn(kind, email, `guess-${attempts}`, { ip: attacker });
      attempts++;
      if (guess.statusCode === 429) {
        pausesSeen++;
        expect(guess.json().message).toMatch(
          /^Too many wrong passwords for this account\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
        );
        // The attacker waits exactly the pause and tries again the moment it ends.
        clock += secondsToWait(guess) * 1000;
      } else {
        expect(guess.statusCode).toBe(401);
        clock += 100;
      }
      // Every 20 seconds the owner signs in from their own browser: never held up.
      if (clock >= ownersNextVisit) {
        const owners = await signIn(kind, email, password, { ip: owner, cookie: ownersDevice });
        expect(owners.statusCode, owners.body).toBe(200);
        ownersDevice = deviceCookieOf(owners);
        ownerSignIns++;
        ownersNextVisit = clock + 20_000;
      }
    }
    // The attack did build pauses (unknown clients wait), yet the owner got in on every visit.
    expect(pausesSeen).toBeGreaterThan(3);
    expect(ownerSignIns).toBeGreaterThanOrEqual(6);
  });

  it('pauses unknown clients (the attacker, a new browser of the owner) with the wait and Retry-After, while the owner’s browser passes', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await signIn(kind, email, `wrong-${attempt}`, { ip: attacker })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const newBrowser = await signIn(kind, email, password, { ip: `${net}.2` });
    expect(newBrowser.statusCode).toBe(429);
    expect(secondsToWait(newBrowser)).toBeGreaterThanOrEqual(1);
    expect(newBrowser.json().message).toContain(`Please wait ${secondsToWait(newBrowser)} second`);
    // A cookie for another account, or a tampered one, makes no browser known.
    const [name, value] = ownersDevice.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await signIn(kind, email, password, { ip: owner, cookie: tampered })).statusCode).toBe(429);
    const owners = await signIn(kind, email, password, { ip: owner, cookie: ownersDevice });
    expect(owners.statusCode).toBe(200);
    ownersDevice = deviceCookieOf(owners);
  });

  it("a known browser's own wrong passwords count against its cookie: after five in a row it waits like anyone else", async () => {
    for (let attempt = 0; attempt < 3; attempt++) await signIn(kind, email, `attack-${attempt}`, { ip: attacker });
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push((await signIn(kind, email, `typo-${attempt}`, { ip: owner, cookie: ownersDevice })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    clock += 10 * 60_000;
    expect((await signIn(kind, email, password, { ip: owner, cookie: ownersDevice })).statusCode).toBe(200);
  });
});

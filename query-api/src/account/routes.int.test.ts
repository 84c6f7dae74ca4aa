import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/shared/auth/tokens';
import { deriveEmailTokenKey, emailToken } from '@labshop/shared/auth/email-tokens';
import { customerEmailStream, customerStream } from '@labshop/shared/events/customers';
import { createTestStores } from '@labshop/shared/testing/stores';
import { createLogger } from '@labshop/shared/logger';
import { buildCommandApp } from '@labshop/command-api/app';
import { adminAuthorization } from '@labshop/command-api/testing/admin-session';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const tokens = createTokenService(secret);
const emailTokenKey = deriveEmailTokenKey(secret);
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };

beforeAll(async () => {
  stores = await createTestStores();
  commands = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    customers: { emailTokenKey, activationTokenTtlMs: 3_600_000, resetTokenTtlMs: 3_600_000 },
  });
  queries = await buildQueryApp({ ...stores, tokens, projections });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
});
afterAll(async () => {
  await projectors?.stop();
  await Promise.all([commands?.close(), queries?.close()]);
  await stores?.drop();
});

async function activationToken(email: string): Promise<string> {
  for await (const reservation of stores.eventStore.readStream(customerEmailStream(email))) {
    for await (const event of stores.eventStore.readStream(customerStream((reservation.data as { customerId: string }).customerId))) {
      if (event.type === 'ActivationTokenIssued') return emailToken(emailTokenKey, 'activation', (event.data as { tokenId: string }).tokenId);
    }
  }
  throw new Error(`no activation token for ${email}`);
}

async function signedInCustomer(email: string): Promise<{ authorization: string }> {
  const payload = { title: 'Mr', firstName: 'Dan', lastName: 'Park', email, password: 'dan-password', newsletter: false, terms: true };
  expect((await commands.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(201);
  const token = await activationToken(email);
  expect((await commands.inject({ method: 'POST', url: '/api/auth/activate-account', payload: { email, token } })).statusCode).toBe(200);
  const login = await commands.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'dan-password' } });
  return { authorization: `Bearer ${login.json().token}` };
}

const read = (headers: Record<string, string>) => queries.inject({ method: 'GET', url: '/api/account/profile', headers });

describe('account queries', () => {
  it("shows the customer's own profile, including a change just saved", async () => {
    const customer = await signedInCustomer('dan@example.com');
    const profile = { fullName: 'Dan Park', company: '', vatNumber: 'EX-1', phone: '555-0101', address1: '2 Bench St', address2: 'Suite 4', city: 'Austin', state: 'Texas', zipCode: '73301' };
    const saved = await commands.inject({ method: 'PUT', url: '/api/account/profile', payload: profile, headers: customer });
    expect(saved.statusCode).toBe(200);

    const response = await read({ ...customer, [POSITION_HEADER]: saved.json().position });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-labshop-stale']).toBeUndefined();
    expect(response.json()).toEqual({ customerId: expect.any(String), email: 'dan@example.com', title: 'Mr', firstName: 'Dan', lastName: 'Park', newsletter: false, profile });
    expect(response.body).not.toMatch(/hash/i);
  });

  it('answers 401 without a session, 403 with an admin one; a customer gets 403 on admin reads', async () => {
    expect((await read({})).statusCode).toBe(401);
    expect((await read(await adminAuthorization(stores.eventStore, tokens))).statusCode).toBe(403);
    const customer = await tokens.sign({ role: 'customer', sub: 'c1', email: 'c@example.com' }, '1h');
    expect((await queries.inject({ method: 'GET', url: '/api/admin/catalogue/products', headers: { authorization: `Bearer ${customer}` } })).statusCode).toBe(403);
  });

  it('answers 404 for a valid customer token whose account does not exist', async () => {
    const stranger = await tokens.sign({ role: 'customer', sub: '00000000-0000-4000-8000-00000000dead', email: 'x@example.com' }, '1h');
    expect((await read({ authorization: `Bearer ${stranger}` })).statusCode).toBe(404);
  });
});

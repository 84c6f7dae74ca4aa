import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { startSessionGenerations, type SessionGenerations } from '@labshop/platform/auth/session-generations';
import { deriveEmailTokenKey, emailToken } from '@labshop/platform/auth/email-tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream } from '@labshop/contracts/customers/events';
import { adminStream } from '@labshop/contracts/admins/events';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import { buildCommandApp } from '../app.ts';
import { adminAuthorization, TEST_ADMIN } from '../testing/admin-session.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const emailTokenKey = deriveEmailTokenKey(secret);
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let sessions: SessionGenerations;

beforeAll(async () => {
  stores = await createTestStores();
  // As the running shop does: tokens are checked against the session events folded in memory.
  sessions = startSessionGenerations(stores.eventStore);
  const tokens = createTokenService(secret, sessions.generationOf);
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens,
    customers: { emailTokenKey, activationTokenTtlMs: 3_600_000, resetTokenTtlMs: 3_600_000 },
  });
  await adminAuthorization(stores.eventStore, tokens);
});
afterAll(async () => {
  await app?.close();
  await sessions?.stop();
  await stores?.drop();
});

const post = (url: string, payload: object | undefined, authorization?: string) =>
  app.inject({ method: 'POST', url, ...(payload && { payload }), headers: authorization ? { authorization } : {} });

async function streamOf(stream: string) {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

describe('signing out', () => {
  it("ends the customer's session on the server, not the customer's other sessions", async () => {
    const email = 'leaving@example.com';
    const password = 'leaving-Pass-3141';
    expect(
      (
        await post('/api/auth/register', {
          title: 'Ms',
          firstName: 'Lea',
          lastName: 'Ving',
          email,
          password,
          terms: true,
        })
      ).statusCode,
    ).toBe(201);
    const [reservation] = await streamOf(customerEmailStream(email));
    const customerId = (reservation!.data as { customerId: string }).customerId;
    const issued = (await streamOf(customerStream(customerId))).find(
      (event) => event.type === 'ActivationTokenIssued',
    )!;
    const token = emailToken(emailTokenKey, 'activation', (issued.data as { tokenId: string }).tokenId);
    expect((await post('/api/auth/activate-account', { email, token })).statusCode).toBe(200);
    const signIn = async () => `Bearer ${(await post('/api/auth/login', { email, password })).json().token as string}`;
    const laptop = await signIn();
    const phone = await signIn();
    const cartChange = (authorization: string) =>
      post('/api/account/cart/clear', { commandId: crypto.randomUUID() }, authorization);
    expect((await cartChange(laptop)).statusCode).toBe(200);

    expect((await post('/api/auth/logout', undefined, laptop)).statusCode).toBe(204);
    const afterwards = await cartChange(laptop);
    expect(afterwards.statusCode).toBe(401);
    expect(afterwards.json().message).toBe('Your session has expired. Please sign in again.');
    expect((await post('/api/auth/logout', undefined, laptop)).statusCode).toBe(401);
    expect((await cartChange(phone)).statusCode).toBe(200);
    const signedOut = (await streamOf(customerStream(customerId))).filter(
      (event) => event.type === 'CustomerSignedOut',
    );
    expect(signedOut).toHaveLength(1);
    expect(signedOut[0]!.metadata.actor).toMatchObject({ kind: 'customer', id: customerId });
  });

  it("ends the admin's session on the server", async () => {
    const signIn = async () => `Bearer ${(await post('/api/admin/login', TEST_ADMIN)).json().token as string}`;
    const desk = await signIn();
    const other = await signIn();
    const adminRead = (authorization: string) =>
      post('/api/admin/catalogue/products', { name: `Tips ${crypto.randomUUID()}` }, authorization);
    expect((await adminRead(desk)).statusCode).toBe(201);
    expect((await post('/api/admin/logout', undefined, desk)).statusCode).toBe(204);
    expect((await adminRead(desk)).statusCode).toBe(401);
    expect((await adminRead(other)).statusCode).toBe(201);
    const adminId = (await post('/api/admin/login', TEST_ADMIN)).json().admin.id as string;
    expect((await streamOf(adminStream(adminId))).filter((event) => event.type === 'AdminSignedOut')).toHaveLength(1);
  });

  it('ends a session signed out through another instance within the lag of the session events', async () => {
    const desk = `Bearer ${(await post('/api/admin/login', TEST_ADMIN)).json().token as string}`;
    const adminRead = (authorization: string) =>
      post('/api/admin/catalogue/products', { name: `Tips ${crypto.randomUUID()}` }, authorization);
    expect((await adminRead(desk)).statusCode).toBe(201);
    const { sub: adminId, jti: sessionId } = JSON.parse(Buffer.from(desk.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      jti: string;
    };
    const otherInstance = createPostgresEventStore({ connectionString: stores.databaseUrl });
    try {
      const metadata = {
        actor: { kind: 'admin' as const, id: adminId, email: TEST_ADMIN.email },
        correlationId: crypto.randomUUID(),
        causationId: crypto.randomUUID(),
        occurredAt: new Date().toISOString(),
      };
      await otherInstance.append(
        adminStream(adminId),
        [{ type: 'AdminSignedOut', data: { adminId, sessionId }, metadata }],
        { expectedRevision: 'any' },
      );
    } finally {
      await otherInstance.close();
    }
    const until = Date.now() + 5_000;
    let status = (await adminRead(desk)).statusCode;
    while (status === 201 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await adminRead(desk)).statusCode;
    }
    expect(status).toBe(401);
  });

  it('needs a session to sign out (401 without one, 403 with the other kind)', async () => {
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(401);
    const admin = `Bearer ${(await post('/api/admin/login', TEST_ADMIN)).json().token as string}`;
    expect((await post('/api/auth/logout', undefined, admin)).statusCode).toBe(403);
  });
});

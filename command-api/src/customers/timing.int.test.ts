import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { deriveEmailTokenKey, emailToken } from '@labshop/platform/auth/email-tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { customerEmailStream } from '@labshop/platform/auth/email-streams';
import { customerStream } from '@labshop/contracts/customers/events';
import { buildCommandApp } from '../app.ts';
import { hashPassword } from '../auth/passwords.ts';
import { MAIL_REQUEST_ANSWER_MS } from './routes.ts';

const secret = 'test-secret-that-is-long-enough-for-hs256';
const emailTokenKey = deriveEmailTokenKey(secret);
let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
const known = 'known@example.com';

beforeAll(async () => {
  stores = await createTestStores();
  const many = { max: 1_000, timeWindow: '1 minute' };
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens: createTokenService(secret),
    customers: {
      emailTokenKey,
      activationTokenTtlMs: 3_600_000,
      resetTokenTtlMs: 3_600_000,
      rateLimits: { perAddress: many, perEmail: many },
    },
  });
  expect(
    (
      await post('/api/auth/register', {
        title: 'Ms',
        firstName: 'Kim',
        lastName: 'Own',
        email: known,
        password: 'kims-Pass-2718',
        terms: true,
      })
    ).status,
  ).toBe(201);
  const [reservation] = await eventsOf(customerEmailStream(known));
  const customerId = (reservation!.data as { customerId: string }).customerId;
  const issued = (await eventsOf(customerStream(customerId))).find((event) => event.type === 'ActivationTokenIssued')!;
  expect(
    (
      await post('/api/auth/activate-account', {
        email: known,
        token: emailToken(emailTokenKey, 'activation', (issued.data as { tokenId: string }).tokenId),
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await stores?.drop();
});

async function eventsOf(stream: string) {
  const events = [];
  for await (const event of stores.eventStore.readStream(stream)) events.push(event);
  return events;
}

async function post(url: string, payload: object) {
  const startedAt = performance.now();
  const response = await app.inject({ method: 'POST', url, payload });
  return { status: response.statusCode, body: response.json() as unknown, ms: performance.now() - startedAt };
}

async function allEventCount() {
  let count = 0;
  for await (const _event of stores.eventStore.readAll()) count++;
  return count;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('answers that do not tell known emails from unknown ones by their time', () => {
  it.each(['/api/auth/forgot-password', '/api/auth/resend-activation'])(
    '%s answers alike, after the same fixed time, writing nothing for an unknown email',
    async (url) => {
      const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
      const bodies = new Set<string>();
      for (let round = 0; round < 5; round++) {
        const before = await allEventCount();
        const unknown = await post(url, { email: `nobody-${round}@example.com` });
        expect(await allEventCount()).toBe(before);
        const mine = await post(url, { email: known });
        for (const [who, answer] of [
          ['unknown', unknown],
          ['known', mine],
        ] as const) {
          expect(answer.status).toBe(200);
          bodies.add(JSON.stringify(answer.body));
          // A floor every answer waits for, whatever the email: not a performance figure, the mechanism itself.
          expect(answer.ms).toBeGreaterThanOrEqual(MAIL_REQUEST_ANSWER_MS - 1);
          times[who].push(answer.ms);
        }
      }
      expect(bodies.size).toBe(1);
      console.log(
        `${url}: median known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`,
      );
    },
  );

  it('reset-password does the scrypt work for an unknown email too, and answers it as a known email with a wrong link', async () => {
    // One hash timed each round, beside the requests, and the fastest kept: a load spike (other test files run
    // alongside) can only slow a hash down, so the fastest is the fairest yardstick for the answers.
    const hashTimes: number[] = [];
    const times: Record<'known' | 'unknown', number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const hashStartedAt = performance.now();
      await hashPassword('a-Password-to-time');
      hashTimes.push(performance.now() - hashStartedAt);
      const before = await allEventCount();
      const unknown = await post('/api/auth/reset-password', {
        email: `nobody-${round}@example.com`,
        token: 'not-a-real-token-at-all',
        newPassword: 'brand-New-pass-99',
      });
      const mine = await post('/api/auth/reset-password', {
        email: known,
        token: 'not-a-real-token-at-all',
        newPassword: 'brand-New-pass-99',
      });
      expect(await allEventCount()).toBe(before);
      for (const [who, answer] of [
        ['unknown', unknown],
        ['known', mine],
      ] as const) {
        expect(answer.status).toBe(400);
        bodies.add(JSON.stringify(answer.body));
        times[who].push(answer.ms);
      }
    }
    expect(bodies.size).toBe(1);
    const hashMs = Math.min(...hashTimes);
    // The unknown email's answer includes a full password hash (it used to skip it: 10 ms against 486 ms).
    expect(median(times.unknown)).toBeGreaterThan(hashMs / 2);
    console.log(
      `reset-password: one scrypt hash ${hashMs.toFixed(1)} ms; median known ${median(times.known).toFixed(1)} ms, unknown ${median(times.unknown).toFixed(1)} ms`,
    );
  });
});

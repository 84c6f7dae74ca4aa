import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/shared/auth/tokens';
import { deriveEmailTokenKey } from '@labshop/shared/auth/email-tokens';
import { customerEmailStream, customerStream } from '@labshop/shared/events/customers';
import { START, type RecordedEvent } from '@labshop/shared/event-store/port';
import { createLogger } from '@labshop/shared/logger';
import { createTestStores } from '@labshop/shared/testing/stores';
import { buildCommandApp } from '@labshop/command-api/app';
import { checkpointName } from '../reactor/reactor.ts';
import { customerEmailsReactor } from '../reactors/customer-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { readMailDir, type ParsedMail } from '../testing/read-eml.ts';
import { MAIL_QUEUE } from './send-email.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const secret = 'test-secret-that-is-long-enough-for-hs256';
const tokenKey = deriveEmailTokenKey(secret);
const publicUrl = 'https://shop.example';
const email = 'erin@example.com';
const passwords = ['erin-first-password', 'erin-second-password'];

// Every line the command API and the workers log, at debug level, through the services' own logger.
const logLines: string[] = [];
const logger = createLogger('debug', 'customer-emails-test', { write: (line: string) => void logLines.push(line) });

let stores: Awaited<ReturnType<typeof createTestStores>>;
let app: Awaited<ReturnType<typeof buildCommandApp>>;
let redis: Redis;
let mailQueue: Queue;
let dataDir = '';
let prefix = '';
let workers: RunningWorkers | undefined;

const start = () =>
  startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: REDIS_URL,
    dataDir,
    mailFrom: 'LabShop <no-reply@labshop.test>',
    logger,
    reactors: [customerEmailsReactor],
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 500 }, enqueueTimeoutMs: 1_000 },
    customerEmails: { publicUrl, tokenKey },
  });

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-customer-mail-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  redis = new Redis(REDIS_URL);
  mailQueue = new Queue(MAIL_QUEUE, { connection: redis, prefix });
  app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens: createTokenService(secret),
    logger,
    customers: { emailTokenKey: tokenKey, activationTokenTtlMs: 48 * 3_600_000, resetTokenTtlMs: 3_600_000 },
  });
  workers = start();
});

afterAll(async () => {
  await workers?.stop();
  await app?.close();
  await mailQueue?.obliterate({ force: true });
  await mailQueue?.close();
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis?.quit();
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const mails = () => readMailDir(join(dataDir, 'mail'));

async function waitForMail(subject: string, count = 1): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mails()).filter((mail) => mail.subject === subject);
    if (found.length >= count) return found.at(-1) as ParsedMail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" after 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The link in a mail's text body, and its token and email as the screens read them. */
function linkIn(mail: ParsedMail, path: string): { link: string; token: string; email: string } {
  const link = mail.text.match(new RegExp(`${publicUrl}${path}\\?\\S+`))?.[0];
  if (!link) throw new Error(`no ${path} link in "${mail.subject}"`);
  const url = new URL(link);
  return { link, token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}

async function accountEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const reservation of stores.eventStore.readStream(customerEmailStream(email))) {
    for await (const event of stores.eventStore.readStream(customerStream((reservation.data as { customerId: string }).customerId))) events.push(event);
  }
  return events;
}

const post = async (url: string, payload: object) => {
  const response = await app.inject({ method: 'POST', url, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response;
};

describe('customer emails (command API → events → reactor → BullMQ on real Redis → .eml)', () => {
  const tokensSeen: string[] = [];

  it('mails an activation link that activates the account, then a welcome', async () => {
    await post('/api/auth/register', { title: 'Ms', firstName: 'Erin', lastName: 'Cho', email, password: passwords[0], newsletter: false, terms: true });
    const activation = await waitForMail('Activate your LabShop account');
    expect(activation).toMatchObject({ from: 'LabShop <no-reply@labshop.test>', to: email });
    expect(activation.text).toContain('Dear Ms Cho,');
    const { link, token, email: linkEmail } = linkIn(activation, '/activate-account');
    expect(linkEmail).toBe(email);
    expect(activation.html).toContain(link.replaceAll('&', '&amp;'));
    tokensSeen.push(token);

    const [issued] = (await accountEvents()).filter((event) => event.type === 'ActivationTokenIssued');
    expect(activation.messageId).toBe(`<${issued?.id}@labshop.test>`);
    // The job in Redis names the token by id only.
    const job = await mailQueue.getJob(issued?.id ?? '');
    expect(job?.data).toMatchObject({ template: 'activation', to: email, tokenId: (issued?.data as { tokenId: string }).tokenId });
    expect(JSON.stringify(job?.data)).not.toContain(token);

    await post('/api/auth/activate-account', { token, email: linkEmail });
    const welcome = await waitForMail('Welcome to LabShop, Erin!');
    expect(welcome.text).toContain(`${publicUrl}/signin`);
  });

  it('mails a reset link that sets the new password once', async () => {
    await post('/api/auth/login', { email, password: passwords[0] });
    await post('/api/auth/forgot-password', { email });
    const reset = await waitForMail('Reset your LabShop password');
    const { token, email: linkEmail } = linkIn(reset, '/reset-password');
    tokensSeen.push(token);
    await post('/api/auth/reset-password', { email: linkEmail, token, newPassword: passwords[1] });
    await post('/api/auth/login', { email, password: passwords[1], rememberMe: true });
    expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email, token, newPassword: 'erin-third-password' } })).statusCode).toBe(400);
  });

  it('sends nothing twice when every event is delivered again', async () => {
    const before = await mails();
    expect(before.map((mail) => mail.subject).sort()).toEqual(['Activate your LabShop account', 'Reset your LabShop password', 'Welcome to LabShop, Erin!']);
    await workers?.stop();
    await stores.readStore.setCheckpoint(checkpointName(customerEmailsReactor), START);
    workers = start();
    await post('/api/auth/resend-activation', { email });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // Resending to an active account sends nothing, and the replayed events found their jobs done.
    expect(await mails()).toHaveLength(before.length);
  });

  it('logged no password, token or hash, and did log the mails and requests', async () => {
    const events = await accountEvents();
    const hashes = events.flatMap((event) => {
      const data = event.data as { passwordHash?: string; tokenHash?: string };
      return [data.passwordHash, data.tokenHash].filter((value): value is string => value !== undefined);
    });
    expect(hashes.length).toBeGreaterThanOrEqual(4);
    expect(tokensSeen).toHaveLength(2);
    const secrets = [...passwords, ...tokensSeen, ...hashes];

    expect(logLines.some((line) => line.includes('"msg":"Mail written to file"') && line.includes('token=[redacted]'))).toBe(true);
    expect(logLines.some((line) => line.includes('/api/auth/reset-password'))).toBe(true);
    for (const line of logLines) for (const secretValue of secrets) expect(line).not.toContain(secretValue);
  });
});

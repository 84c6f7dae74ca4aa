import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEmailTokenKey, hashEmailToken, issueEmailToken } from '@labshop/platform/auth/email-tokens';
import { customerStream, type CustomerEvent, type CustomerRecipient } from '@labshop/contracts/customers/events';
import { START, type Actor, type RecordedEvent } from '@labshop/platform/event-store/port';
import { createLogger } from '@labshop/platform/logger';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { checkpointName } from '../reactor/reactor.ts';
import { customerEmailsReactor } from '../reactors/customer-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { readMailDir, type ParsedMail } from '../testing/read-eml.ts';
import { MAIL_QUEUE } from './customer-emails.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const secret = 'test-secret-that-is-long-enough-for-hs256';
const tokenKey = deriveEmailTokenKey(secret);
const publicUrl = 'https://shop.example';
const email = 'erin@example.com';
const customer: Actor = { kind: 'customer', id: crypto.randomUUID(), email };
const recipient: CustomerRecipient = { email, title: 'Ms', firstName: 'Erin', lastName: 'Cho' };

// Every line the workers log, at debug level, through the services' own logger.
const logLines: string[] = [];
const logger = createLogger('debug', 'customer-emails-test', { write: (line: string) => void logLines.push(line) });

let stores: Awaited<ReturnType<typeof createTestStores>>;
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
  workers = start();
});

afterAll(async () => {
  await workers?.stop();
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
  for await (const event of stores.eventStore.readStream(customerStream(customer.id))) events.push(event);
  return events;
}

const given = (...events: CustomerEvent[]) =>
  givenEvents(stores.eventStore, customerStream(customer.id), events, customer);
const issued = (purpose: 'activation' | 'reset') =>
  issueEmailToken(tokenKey, purpose, { tokenId: crypto.randomUUID(), now: new Date(), ttlMs: 3_600_000 });

describe('customer emails (events → reactor → BullMQ on real Redis → .eml)', () => {
  const tokensSeen: string[] = [];

  it('mails an activation link carrying the token its event recorded, then a welcome once activated', async () => {
    const activationToken = issued('activation');
    await given(
      {
        type: 'CustomerRegistered',
        data: {
          ...recipient,
          customerId: customer.id,
          passwordHash: 'scrypt$not-a-real-hash',
          newsletter: false,
          termsAcceptedAt: new Date().toISOString(),
        },
      },
      {
        type: 'ActivationTokenIssued',
        data: { ...recipient, ...activationToken, customerId: customer.id, reason: 'registration' },
      },
    );
    const activation = await waitForMail('Activate your LabShop account');
    expect(activation).toMatchObject({ from: 'LabShop <no-reply@labshop.test>', to: email });
    expect(activation.text).toContain('Dear Ms Cho,');
    const { link, token, email: linkEmail } = linkIn(activation, '/activate-account');
    expect(linkEmail).toBe(email);
    expect(activation.html).toContain(link.replaceAll('&', '&amp;'));
    // The link carries the very token whose hash the event recorded, so activating with it succeeds.
    expect(hashEmailToken(token)).toBe(activationToken.tokenHash);
    tokensSeen.push(token);

    const [issuedEvent] = (await accountEvents()).filter((event) => event.type === 'ActivationTokenIssued');
    expect(activation.messageId).toBe(`<${issuedEvent?.id}@labshop.test>`);
    // The job in Redis names the customer and the event's revision only: no token, no address, no name.
    const job = await mailQueue.getJob(issuedEvent?.id ?? '');
    expect(job?.data).toEqual({ customerId: customer.id, revision: issuedEvent?.revision });
    expect(JSON.stringify(job)).not.toMatch(
      new RegExp([token, email, recipient.firstName, recipient.lastName].join('|')),
    );

    await given({
      type: 'CustomerActivated',
      data: { ...recipient, customerId: customer.id, tokenId: activationToken.tokenId },
    });
    const welcome = await waitForMail('Welcome to LabShop, Erin!');
    expect(welcome.text).toContain(`${publicUrl}/signin`);
  });

  it('mails a reset link carrying the token the event recorded', async () => {
    const resetToken = issued('reset');
    await given({ type: 'PasswordResetRequested', data: { ...recipient, ...resetToken, customerId: customer.id } });
    const reset = await waitForMail('Reset your LabShop password');
    const { token, email: linkEmail } = linkIn(reset, '/reset-password');
    expect(linkEmail).toBe(email);
    expect(hashEmailToken(token)).toBe(resetToken.tokenHash);
    tokensSeen.push(token);
  });

  it('sends nothing twice when every event is delivered again', async () => {
    const before = await mails();
    expect(before.map((mail) => mail.subject).sort()).toEqual([
      'Activate your LabShop account',
      'Reset your LabShop password',
      'Welcome to LabShop, Erin!',
    ]);
    await workers?.stop();
    await stores.readStore.setCheckpoint(checkpointName(customerEmailsReactor), START);
    workers = start();
    const head = await stores.eventStore.headPosition();
    const deadline = Date.now() + 10_000;
    while (
      ((await stores.readStore.getCheckpoint(checkpointName(customerEmailsReactor))) ?? START) < head &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // The replayed events found their jobs done.
    expect(await mails()).toHaveLength(before.length);
  });

  it('carries the checkout return path of a registration at /order into the activation link', async () => {
    const activationToken = issued('activation');
    await given({
      type: 'ActivationTokenIssued',
      data: { ...recipient, ...activationToken, customerId: customer.id, reason: 'registration', returnTo: '/order' },
    });
    const activation = await waitForMail('Activate your LabShop account', 2);
    const { link, token } = linkIn(activation, '/activate-account');
    expect(new URL(link).searchParams.get('returnTo')).toBe('/order');
    expect(link).toContain('&returnTo=%2Forder');
    expect(activation.html).toContain(link.replaceAll('&', '&amp;'));
    expect(activation.text).toContain('you go straight back to where you left off, your cart included');
    expect(hashEmailToken(token)).toBe(activationToken.tokenHash);
    tokensSeen.push(token);
  });

  it('logged no token or hash, and did log the mails', async () => {
    const events = await accountEvents();
    const hashes = events.flatMap((event) => {
      const data = event.data as { passwordHash?: string; tokenHash?: string };
      return [data.passwordHash, data.tokenHash].filter((value): value is string => value !== undefined);
    });
    expect(hashes.length).toBeGreaterThanOrEqual(3);
    expect(tokensSeen).toHaveLength(3);
    const secrets = [...tokensSeen, ...hashes];

    expect(
      logLines.some((line) => line.includes('"msg":"Mail written to file"') && line.includes('token=[redacted]')),
    ).toBe(true);
    for (const line of logLines) for (const secretValue of secrets) expect(line).not.toContain(secretValue);
  });
});

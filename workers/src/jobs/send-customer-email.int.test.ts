import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender, type MailSender } from '../mail/mail-sender.ts';
import { readMailDir } from '../testing/read-eml.ts';
import { createRecordingLogger } from '../testing/recording-logger.ts';
import { createRunOnce } from './run-once.ts';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import type { Actor } from '@labshop/platform/event-store/port';
import { customerStream, type CustomerEvent } from '@labshop/contracts/customers/events';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { createSendCustomerEmailProcessor } from './customer-emails.ts';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
let dataDir = '';
let mailSender: MailSender;
let logger: ReturnType<typeof createRecordingLogger>;
let keyPrefix = '';
let processJob: ReturnType<typeof createSendCustomerEmailProcessor>;
let stores: Awaited<ReturnType<typeof createTestStores>>;
const links = {
  publicUrl: 'https://shop.example',
  tokenKey: deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256'),
};

beforeAll(async () => {
  stores = await createTestStores();
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-mail-'));
  logger = createRecordingLogger();
  mailSender = createMailSender({ dataDir, from: 'LabShop <no-reply@labshop.test>', logger });
  keyPrefix = `labshop-test-${randomBytes(6).toString('hex')}:once:send-customer-email`;
  processJob = createSendCustomerEmailProcessor({
    eventStore: stores.eventStore,
    mailSender,
    runOnce: createRunOnce({ redis, keyPrefix }),
    messageIdDomain: 'labshop.test',
    links,
  });
});

afterEach(async () => {
  const keys = await redis.keys(`${keyPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  mailSender.close();
  await rm(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  await redis.quit();
  await stores?.drop();
});

const recipient = { email: 'ann@example.com', title: 'Ms', firstName: 'Ann', lastName: 'Lee' } as const;

/** A customer whose activation token was issued: the job names its event by the customer's id and the event's revision. */
async function activationJobData(): Promise<{ customerId: string; revision: number }> {
  const customerId = randomUUID();
  const actor: Actor = { kind: 'customer', id: customerId, email: recipient.email };
  const events: CustomerEvent[] = [
    {
      type: 'CustomerRegistered',
      data: {
        ...recipient,
        customerId,
        passwordHash: 'scrypt$not-a-real-hash',
        newsletter: false,
        termsAcceptedAt: new Date().toISOString(),
      },
    },
    {
      type: 'ActivationTokenIssued',
      data: {
        ...recipient,
        customerId,
        tokenId: randomUUID(),
        tokenHash: 'not-a-real-hash',
        expiresAt: '2030-01-01T00:00:00.000Z',
        reason: 'registration',
      },
    },
  ];
  await givenEvents(stores.eventStore, customerStream(customerId), events, actor);
  return { customerId, revision: 1 };
}

describe('send-customer-email job (real Redis, local .eml delivery)', () => {
  it('writes the message with its recipient, subject and both bodies, and logs the link with its token hidden', async () => {
    const id = randomUUID();
    const activation = await activationJobData();
    expect(await processJob({ id, data: activation })).toEqual({ outcome: 'sent', messageId: `<${id}@labshop.test>` });

    const [mail, ...others] = await readMailDir(join(dataDir, 'mail'));
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      from: 'LabShop <no-reply@labshop.test>',
      to: recipient.email,
      subject: 'Activate your LabShop account',
      messageId: `<${id}@labshop.test>`,
    });
    expect(mail?.text).toContain('Dear Ms Lee,');
    expect(mail?.html).toContain('https://shop.example/activate-account?');
    expect(mail?.file).toContain(id);
    const written = logger.lines.find((line) => line.message === 'Mail written to file');
    expect(written?.details).toMatchObject({
      messageId: `<${id}@labshop.test>`,
      links: [
        'https://shop.example/activate-account?token=[redacted]&email=[redacted]',
        'https://shop.example/resend-activation',
      ],
    });
    expect(JSON.stringify(written)).not.toContain('ann');
  });

  it('sends nothing when the job is run again after a crash between sending and acknowledging', async () => {
    const id = randomUUID();
    const activation = await activationJobData();
    await processJob({ id, data: activation });
    expect(await processJob({ id, data: activation })).toEqual({
      outcome: 'already-sent',
      messageId: `<${id}@labshop.test>`,
    });
    expect(await readMailDir(join(dataDir, 'mail'))).toHaveLength(1);
  });

  it('sends one message per job id', async () => {
    const activation = await activationJobData();
    await processJob({ id: randomUUID(), data: activation });
    await processJob({ id: randomUUID(), data: activation });
    expect(await readMailDir(join(dataDir, 'mail'))).toHaveLength(2);
  });

  it('fails for good, without retries, on data a retry cannot repair', async () => {
    const activation = await activationJobData();
    const attempt = processJob({ id: randomUUID(), data: { ...activation, revision: -1, customerId: undefined } });
    await expect(attempt).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(attempt).rejects.toThrow('send-customer-email data is invalid: customerId, revision');
    const notMailed = processJob({ id: randomUUID(), data: { ...activation, revision: 0 } });
    await expect(notMailed).rejects.toThrow("revision 0 of the customer's stream is not a mailed account event");
    expect(await readMailDir(join(dataDir, 'mail'))).toEqual([]);
  });

  it('reads the recipient when it sends: a customer erased before the job ran gets nothing', async () => {
    const activation = await activationJobData();
    const actor: Actor = { kind: 'admin', id: randomUUID(), email: 'privacy.admin@labshop.test' };
    await givenEvents(
      stores.eventStore,
      customerStream(activation.customerId),
      [{ type: 'CustomerErased', data: { customerId: activation.customerId, erasedAt: new Date().toISOString() } }],
      actor,
    );
    expect(await processJob({ id: randomUUID(), data: activation })).toEqual({
      outcome: 'skipped',
      reason: 'the customer was erased',
    });
    expect(await readMailDir(join(dataDir, 'mail'))).toEqual([]);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailSender, type MailSender } from '../mail/mail-sender.ts';
import { readMailDir } from '../testing/read-eml.ts';
import { createRecordingLogger } from '../testing/recording-logger.ts';
import { createRunOnce } from './run-once.ts';
import { createSendEmailProcessor } from './send-email.ts';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
let dataDir = '';
let mailSender: MailSender;
let logger: ReturnType<typeof createRecordingLogger>;
let keyPrefix = '';
let processJob: ReturnType<typeof createSendEmailProcessor>;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-mail-'));
  logger = createRecordingLogger();
  mailSender = createMailSender({ dataDir, from: 'LabShop <no-reply@labshop.test>', logger });
  keyPrefix = `labshop-test-${randomBytes(6).toString('hex')}:once:send-email`;
  processJob = createSendEmailProcessor({ mailSender, runOnce: createRunOnce({ redis, keyPrefix }), messageIdDomain: 'labshop.test' });
});

afterEach(async () => {
  const keys = await redis.keys(`${keyPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  mailSender.close();
  await rm(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  await redis.quit();
});

const activation = {
  to: 'ann@example.com',
  subject: 'Activate your LabShop account — one step left',
  text: 'Hello Ann, activate your account: https://shop.example/activate?token=abc&user=1',
  html: '<p>Hello Ann, <a href="https://shop.example/activate?token=abc&amp;user=1">activate your account</a>.</p>',
};

describe('send-email job (real Redis, local .eml delivery)', () => {
  it('writes the message with its recipient, subject and both bodies, and logs the link with its token hidden', async () => {
    const id = randomUUID();
    expect(await processJob({ id, data: activation })).toEqual({ outcome: 'sent', messageId: `<${id}@labshop.test>` });

    const [mail, ...others] = await readMailDir(join(dataDir, 'mail'));
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ from: 'LabShop <no-reply@labshop.test>', to: activation.to, subject: activation.subject, messageId: `<${id}@labshop.test>` });
    expect(mail?.text).toBe(activation.text);
    expect(mail?.html).toBe(activation.html);
    expect(mail?.file).toContain(id);
    const written = logger.lines.find((line) => line.message === 'Mail written to file');
    expect(written?.details).toMatchObject({ to: activation.to, subject: activation.subject, links: ['https://shop.example/activate?token=[redacted]&user=1'] });
  });

  it('sends nothing when the job is run again after a crash between sending and acknowledging', async () => {
    const id = randomUUID();
    await processJob({ id, data: activation });
    expect(await processJob({ id, data: activation })).toEqual({ outcome: 'already-sent', messageId: `<${id}@labshop.test>` });
    expect(await readMailDir(join(dataDir, 'mail'))).toHaveLength(1);
  });

  it('sends one message per job id', async () => {
    await processJob({ id: randomUUID(), data: activation });
    await processJob({ id: randomUUID(), data: activation });
    expect(await readMailDir(join(dataDir, 'mail'))).toHaveLength(2);
  });

  it('fails for good, without retries, on data a retry cannot repair', async () => {
    const attempt = processJob({ id: randomUUID(), data: { to: 'ann@example.com', subject: '', text: 'x' } });
    await expect(attempt).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(attempt).rejects.toThrow('send-email data lacks subject, html');
    expect(await readMailDir(join(dataDir, 'mail'))).toEqual([]);
  });
});

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { contactMessageStream, inquiryStream } from '@labshop/contracts/inbox/events';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { testContactMessage, testInquiry } from '@labshop/platform/testing/inbox';
import { createTestStores } from '@labshop/platform/testing/stores';
import { inboxEmailsReactor } from '../reactors/inbox-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { readMailDir, type ParsedMail } from '../testing/read-eml.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const publicUrl = 'https://shop.example';
const salesEmail = 'sales@labshop.test';
const visitor = { kind: 'anonymous' as const, id: 'visitor', email: '' };

let stores: Awaited<ReturnType<typeof createTestStores>>;
let redis: Redis;
let dataDir = '';
let prefix = '';
let workers: RunningWorkers | undefined;

beforeAll(async () => {
  stores = await createTestStores();
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-inbox-mail-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  redis = new Redis(REDIS_URL);
  workers = startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: REDIS_URL,
    dataDir,
    mailFrom: 'LabShop <no-reply@labshop.test>',
    logger: createLogger('silent'),
    reactors: [inboxEmailsReactor],
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 500 }, enqueueTimeoutMs: 1_000 },
    inboxEmails: { publicUrl, salesEmail },
  });
});

afterAll(async () => {
  await workers?.stop();
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis?.quit();
  await stores?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const mails = () => readMailDir(join(dataDir, 'mail'));

async function waitForMail(subject: string): Promise<ParsedMail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await mails()).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(
        `no mail "${subject}" after 20 s; have: ${(await mails()).map((mail) => mail.subject).join(' | ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('inquiry and contact mails (events → reactor → BullMQ on real Redis → .eml)', () => {
  it('mails an inquiry to the sales inbox and acknowledges it to the sender, each once', async () => {
    const inquiry = testInquiry({ comment: 'Line one <b>\nLine two', acknowledge: true });
    await givenEvents(stores.eventStore, inquiryStream(inquiry.data.inquiryId), [inquiry], visitor);

    const toSales = await waitForMail('New inquiry: Plasmid Production Services — Ann Lee, Lee Labs');
    expect(toSales.to).toBe(salesEmail);
    expect(toSales.text).toContain('Reply to them at ann@example.com.');
    expect(toSales.text).toContain('Phone: +1 512 555 0100');
    expect(toSales.text).toContain(`Open the inbox: ${publicUrl}/admin/inbox`);
    expect(toSales.html).toContain('<p>Line one &lt;b&gt;</p>');
    expect(toSales.html).toContain('<p>Line two</p>');

    const acknowledgement = await waitForMail('We received your inquiry');
    expect(acknowledgement.to).toBe('ann@example.com');
    expect(acknowledgement.text).toContain('Hello,');
    expect(acknowledgement.html).toContain('LabShop');
    // Nothing the visitor typed comes back: not the text, the name, the service or the company.
    for (const typed of ['Line one', 'Line two', 'Ann', 'Lee Labs', 'Plasmid'])
      expect(acknowledgement.text + acknowledgement.html + acknowledgement.subject).not.toContain(typed);
    expect(acknowledgement.messageId).not.toBe(toSales.messageId);
  });

  it('mails a contact message to the sales inbox and acknowledges it to the sender', async () => {
    const message = testContactMessage();
    await givenEvents(stores.eventStore, contactMessageStream(message.data.messageId), [message], visitor);

    const toSales = await waitForMail('Contact form: Distribution in Ohio — Bo Chen');
    expect(toSales.to).toBe(salesEmail);
    expect(toSales.text).toContain('Interests: Products, Distributorship');
    expect(toSales.text).toContain('Extension: 12');
    const acknowledgement = await waitForMail('We received your message');
    expect(acknowledgement.to).toBe('bo@example.com');
    for (const typed of ['Ohio', 'Bo Chen', 'distributor', 'Purchasing'])
      expect(acknowledgement.text + acknowledgement.html + acknowledgement.subject).not.toContain(typed);

    // One message per job: the four mails of the two submissions and nothing else.
    expect(await mails()).toHaveLength(4);
  });

  it('relays nothing: spam with links reaches the sales inbox with its text, and over the budget the sender gets no acknowledgement', async () => {
    const spam = 'Cheap watches at https://spam.example/buy <a href="https://spam.example">click</a>';
    const quoted = testInquiry({
      firstName: 'Visit https://spam.example',
      lastName: 'now',
      service: 'www.spam.example',
      comment: spam,
      email: 'victim@example.com',
    });
    await givenEvents(stores.eventStore, inquiryStream(quoted.data.inquiryId), [quoted], visitor);
    const toSales = await waitForMail('New inquiry: www.spam.example — Visit https://spam.example now, Lee Labs');
    expect(toSales.text).toContain('Cheap watches at https://spam.example/buy');
    const acknowledgement = (await waitForAll(6)).find((mail) => mail.to === 'victim@example.com')!;
    expect(acknowledgement.subject).toBe('We received your inquiry');
    expect(acknowledgement.text + acknowledgement.html).not.toMatch(/spam\.example|Cheap watches|click/);

    const overBudget = testContactMessage({ email: 'second-victim@example.com', message: spam, acknowledge: false });
    await givenEvents(stores.eventStore, contactMessageStream(overBudget.data.messageId), [overBudget], visitor);
    await waitForAll(7);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const all = await mails();
    expect(all.filter((mail) => mail.to === 'second-victim@example.com')).toEqual([]);
    expect(all.filter((mail) => mail.to === salesEmail && mail.text.includes('Cheap watches'))).toHaveLength(2);
  });
});

async function waitForAll(count: number): Promise<ParsedMail[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const all = await mails();
    if (all.length >= count) return all;
    if (Date.now() > deadline) throw new Error(`${all.length} mails after 20 s, waited for ${count}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

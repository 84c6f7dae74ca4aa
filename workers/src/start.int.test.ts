import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresEventStore, type PostgresEventStore } from '@labshop/platform/event-store/index';
import { START, type RecordedEvent } from '@labshop/platform/event-store/port';
import { createPostgresReadStore, type ReadStore } from '@labshop/platform/read-store/index';
import { createTestDatabase, type TestDatabase } from '@labshop/platform/testing/postgres';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { customerStream } from '@labshop/contracts/customers/events';
import { customerEmailJob, MAIL_QUEUE, SEND_CUSTOMER_EMAIL } from './jobs/customer-emails.ts';
import { checkpointName, type Reactor } from './reactor/reactor.ts';
import { startWorkers, type RunningWorkers, type StartWorkersOptions } from './start.ts';
import { readMailDir, type ParsedMail } from './testing/read-eml.ts';
import { createRecordingLogger } from './testing/recording-logger.ts';
import { startSmtpSink } from './testing/smtp-sink.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A welcome mail's event (CustomerActivated, read by the mail job when it sends), with the test's number and recipient beside. */
interface TestMailRequested {
  customerId: string;
  email: string;
  title: 'Ms';
  firstName: string;
  lastName: string;
  tokenId: string;
  to: string;
  number: number;
}

/** Test-only: one welcome mail per activation in the test's streams, its number in the recipient's first name. */
const testMailReactor: Reactor = {
  name: 'test-mail',
  eventTypes: ['CustomerActivated'],
  toJobs: (event) => [
    customerEmailJob({ customerId: (event.data as TestMailRequested).customerId, revision: event.revision }),
  ],
};
const subjectOf = (number: number) => `Welcome to LabShop, Number${number}!`;

const metadata = {
  actor: { kind: 'system' as const, id: 'test', email: 'test@labshop.test' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: new Date().toISOString(),
};

let redis: Redis;

beforeAll(() => {
  redis = new Redis(REDIS_URL);
});

afterAll(async () => {
  await redis.quit();
});

// Each test: its own database, BullMQ prefix and mail folder, so redelivery from START sees only its events.
let database: TestDatabase;
let eventStore: PostgresEventStore;
let readStore: ReadStore;
let prefix = '';
let dataDir = '';
let mailQueue: Queue;
let running: RunningWorkers[] = [];
let proxies: TcpProxy[] = [];
let logger: ReturnType<typeof createRecordingLogger>;

beforeEach(async () => {
  database = await createTestDatabase('labshop_workers');
  eventStore = createPostgresEventStore({ connectionString: database.url, maxConnections: 4 });
  await eventStore.migrate();
  readStore = await createPostgresReadStore({ connectionString: database.url, maxConnections: 2 });
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-workers-'));
  // A view on the real Redis, whatever connection the workers under test use.
  mailQueue = new Queue(MAIL_QUEUE, { connection: redis, prefix });
  logger = createRecordingLogger();
});

afterEach(async () => {
  await Promise.all(running.map((workers) => workers.stop()));
  running = [];
  await Promise.all(proxies.map((proxy) => proxy.cut()));
  proxies = [];
  await mailQueue.obliterate({ force: true });
  await mailQueue.close();
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await rm(dataDir, { recursive: true, force: true });
  await eventStore.close();
  await readStore.close();
  await database.drop();
});

function start(overrides: Partial<StartWorkersOptions> = {}): RunningWorkers {
  const workers = startWorkers({
    eventStore,
    readStore,
    redisUrl: REDIS_URL,
    dataDir,
    mailFrom: 'LabShop <no-reply@labshop.test>',
    logger,
    reactors: [testMailReactor],
    customerEmails: {
      publicUrl: 'https://shop.example',
      tokenKey: deriveEmailTokenKey('test-secret-that-is-long-enough-for-hs256'),
    },
    prefix,
    reactorTiming: { retry: { initialDelayMs: 50, maxDelayMs: 500 }, enqueueTimeoutMs: 1_000 },
    ...overrides,
  });
  running.push(workers);
  return workers;
}

async function redisProxy(): Promise<TcpProxy> {
  const proxy = await startTcpProxy({
    host: new URL(REDIS_URL).hostname,
    port: Number(new URL(REDIS_URL).port || 6379),
  });
  proxies.push(proxy);
  return proxy;
}

/** REDIS_URL (its database number included) reached through `proxy`. */
function throughProxy(proxy: TcpProxy): string {
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return url.toString();
}

async function stop(workers: RunningWorkers): Promise<void> {
  running = running.filter((candidate) => candidate !== workers);
  await workers.stop();
}

/** Appends `count` TestMailRequested events numbered from `first`, with an unrelated event in between. */
async function requestMails(
  first: number,
  count: number,
): Promise<RecordedEvent<'CustomerActivated', TestMailRequested>[]> {
  const events: RecordedEvent<'CustomerActivated', TestMailRequested>[] = [];
  for (let number = first; number < first + count; number += 1) {
    const to = `customer${number}@example.com`;
    const data: TestMailRequested = {
      customerId: crypto.randomUUID(),
      email: to,
      title: 'Ms',
      firstName: `Number${number}`,
      lastName: 'Test',
      tokenId: crypto.randomUUID(),
      to,
      number,
    };
    await eventStore.append(customerStream(data.customerId), [{ type: 'CustomerActivated', data, metadata }], {
      expectedRevision: 'no_stream',
    });
    await eventStore.append('other', [{ type: 'SomethingElseHappened', data: {}, metadata }], {
      expectedRevision: 'any',
    });
    for await (const event of eventStore.readStream(customerStream(data.customerId)))
      events.push(event as RecordedEvent<'CustomerActivated', TestMailRequested>);
  }
  return events;
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const mails = () => readMailDir(join(dataDir, 'mail'));
const checkpoint = () => readStore.getCheckpoint(checkpointName(testMailReactor));

function expectOneMailPerEvent(
  delivered: ParsedMail[],
  events: readonly RecordedEvent<'CustomerActivated', TestMailRequested>[],
): void {
  const subjects = delivered.map((mail) => mail.subject).sort();
  expect(subjects).toEqual(events.map((event) => subjectOf(event.data.number)).sort());
  for (const event of events) {
    const mail = delivered.find((candidate) => candidate.subject === subjectOf(event.data.number));
    expect(mail?.to).toBe(event.data.to);
    expect(mail?.text).toContain('https://shop.example/signin');
    // The job id is the event id, and the Message-ID is derived from it.
    expect(mail?.messageId).toBe(`<${event.id}@labshop.test>`);
  }
}

describe('workers runtime (real PostgreSQL event and read stores, real Redis)', () => {
  it('turns each event into one BullMQ job whose id is the event id, and sends its mail', async () => {
    const events = await requestMails(1, 12);
    start();

    const delivered = await waitFor('12 mails', mails, (found) => found.length >= 12);
    expectOneMailPerEvent(delivered, events);
    for (const event of events) {
      const job = await mailQueue.getJob(event.id);
      expect(job?.name).toBe(SEND_CUSTOMER_EMAIL);
      expect(await job?.getState()).toBe('completed');
      // Kept a week, so the same event delivered again within that time finds it and adds nothing.
      expect(job?.opts.removeOnComplete).toEqual({ age: 7 * 24 * 60 * 60 });
    }
    expect(await mailQueue.getJobCounts('completed', 'failed', 'waiting', 'active')).toEqual({
      completed: 12,
      failed: 0,
      waiting: 0,
      active: 0,
    });
    expect(await waitFor('the checkpoint', checkpoint, (position) => position === events.at(-1)?.position)).toBe(
      events.at(-1)?.position,
    );
  });

  it('sends nothing twice when every event is delivered again from the start', async () => {
    const events = await requestMails(1, 8);
    const first = start();
    await waitFor('8 mails', mails, (found) => found.length >= 8);
    await waitFor('the checkpoint', checkpoint, (position) => position === events.at(-1)?.position);
    await stop(first);

    await readStore.setCheckpoint(checkpointName(testMailReactor), START);
    const moreEvents = await requestMails(9, 3);
    start();

    await waitFor(
      'the checkpoint after redelivery',
      checkpoint,
      (position) => position === moreEvents.at(-1)?.position,
    );
    const delivered = await waitFor('11 mails', mails, (found) => found.length >= 11);
    await waitFor(
      'an idle mail queue',
      () => mailQueue.getJobCounts('waiting', 'active', 'delayed'),
      (counts) => Object.values(counts).every((n) => n === 0),
    );
    expectOneMailPerEvent(await mails(), [...events, ...moreEvents]);
    expect(delivered).toHaveLength(11);
  });

  it('holds its checkpoint while Redis is unreachable, loses nothing, and enqueues every job exactly once afterwards', async () => {
    const proxy = await redisProxy();
    const before = await requestMails(1, 3);
    start({ redisUrl: throughProxy(proxy) });
    await waitFor('3 mails', mails, (found) => found.length >= 3);
    await waitFor('the checkpoint', checkpoint, (position) => position === before.at(-1)?.position);

    await proxy.cut();
    const linesBeforeOutage = logger.lines.length;
    const during = await requestMails(4, 10);
    // Long enough for many enqueue attempts (50-500 ms apart) to fail.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await checkpoint()).toBe(before.at(-1)?.position);
    for (const event of during) expect(await mailQueue.getJob(event.id)).toBeUndefined();
    expect(await mails()).toHaveLength(3);
    const outageLines = logger.lines
      .slice(linesBeforeOutage)
      .filter((line) => line.level === 'warn' || line.level === 'error');
    expect(outageLines.length).toBeGreaterThan(0);
    expect(outageLines.length).toBeLessThanOrEqual(8);

    await proxy.restore();
    const delivered = await waitFor('13 mails', mails, (found) => found.length >= 13, 30_000);
    await waitFor('the checkpoint after the outage', checkpoint, (position) => position === during.at(-1)?.position);
    await waitFor(
      'an idle mail queue',
      () => mailQueue.getJobCounts('waiting', 'active', 'delayed'),
      (counts) => Object.values(counts).every((n) => n === 0),
    );
    expectOneMailPerEvent(await mails(), [...before, ...during]);
    expect(delivered).toHaveLength(13);
    expect(await mailQueue.getJobCounts('completed')).toEqual({ completed: 13 });
    expect(logger.lines.some((line) => line.message === 'Reactor resumed')).toBe(true);
  }, 60_000);

  it('stops promptly in the middle of an outage, and a start while Redis is still away delivers everything once it returns', async () => {
    const proxy = await redisProxy();
    const redisUrl = throughProxy(proxy);
    const before = await requestMails(1, 2);
    const first = start({ redisUrl });
    await waitFor('the checkpoint', checkpoint, (position) => position === before.at(-1)?.position);
    // Cut once the first mails are done: a mail sent just as Redis went away, its done mark lost, would be held
    // by its send-once claim for minutes (the at-least-once window of the order outage test), not this test's point.
    await waitFor(
      'the first mails sent',
      () => mailQueue.getJobCounts('waiting', 'active', 'delayed'),
      (counts) => Object.values(counts).every((n) => n === 0),
    );
    await proxy.cut();
    const during = await requestMails(3, 4);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // Redis comes back only after this stop has returned: a stop that waited for Redis would never return.
    await stop(first);
    expect(await checkpoint()).toBe(before.at(-1)?.position);

    start({ redisUrl });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await checkpoint()).toBe(before.at(-1)?.position);
    await proxy.restore();
    await waitFor(
      'the checkpoint after Redis returned',
      checkpoint,
      (position) => position === during.at(-1)?.position,
    );
    const delivered = await waitFor('6 mails', mails, (found) => found.length >= 6, 30_000);
    await waitFor(
      'an idle mail queue',
      () => mailQueue.getJobCounts('waiting', 'active', 'delayed'),
      (counts) => Object.values(counts).every((n) => n === 0),
    );
    expectOneMailPerEvent(await mails(), [...before, ...during]);
    expect(delivered).toHaveLength(6);
  }, 60_000);

  it('lets a mail being sent finish before it stops', async () => {
    const smtp = await startSmtpSink({ acceptDelayMs: 1_500 });
    try {
      const [event] = await requestMails(1, 1);
      const workers = start({ smtpUrl: smtp.url });
      // The mail itself on its way (sent, not yet confirmed), not only its job marked active: BullMQ marks a job
      // active when it fetches it, a moment before the processor starts, and a stop in that moment leaves the job
      // to be handed out again once its lock lapses.
      await waitFor(
        'the mail to be on its way',
        async () => smtp.unconfirmed(),
        (unconfirmed) => unconfirmed === 1,
      );
      await stop(workers);

      expect(smtp.messages.map((message) => message.recipients)).toEqual([[event?.data.to]]);
      expect(await (await mailQueue.getJob(event?.id ?? ''))?.getState()).toBe('completed');
    } finally {
      await smtp.close();
    }
  });

  it('stops at an event its reactor cannot handle instead of skipping it', async () => {
    const failingOnThird: Reactor = {
      ...testMailReactor,
      toJobs: (event) => {
        if ((event.data as TestMailRequested).number === 3) throw new Error('cannot build mail #3');
        return testMailReactor.toJobs(event);
      },
    };
    const events = await requestMails(1, 5);
    start({ reactors: [failingOnThird] });
    await waitFor(
      'the failure to be logged',
      async () => logger.lines,
      (lines) => lines.some((line) => line.message === 'Reactor failed; retrying from its checkpoint'),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const third = events[2];
    const position = await checkpoint();
    expect(position === null || (third !== undefined && position < third.position)).toBe(true);
    for (const later of events.slice(2)) expect(await mailQueue.getJob(later.id)).toBeUndefined();
  });
});

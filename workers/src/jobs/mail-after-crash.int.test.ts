import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { inquiryStream } from '@labshop/contracts/inbox/events';
import { createLogger } from '@labshop/platform/logger';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { testInquiry } from '@labshop/platform/testing/inbox';
import { createTestStores } from '@labshop/platform/testing/stores';
import { inboxEmailsReactor } from '../reactors/inbox-emails.ts';
import { startWorkers, type RunningWorkers } from '../start.ts';
import { readMailDir } from '../testing/read-eml.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const visitor = { kind: 'anonymous' as const, id: 'visitor', email: '' };

let stores: Awaited<ReturnType<typeof createTestStores>>;
let redis: Redis;
let dataDir = '';
let prefix = '';
/** An SMTP server that accepts connections and never says a word: the doomed process's sends hang there. */
let silentSmtp: Server;
const heldSockets = new Set<Socket>();
let doomed: ChildProcess | undefined;
let survivor: RunningWorkers | undefined;

beforeAll(async () => {
  stores = await createTestStores();
  redis = new Redis(REDIS_URL);
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-crash-mail-'));
  prefix = `labshop-test-${randomBytes(6).toString('hex')}`;
  silentSmtp = createServer((socket) => {
    heldSockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => silentSmtp.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  doomed?.kill('SIGKILL');
  await survivor?.stop();
  for (const socket of heldSockets) socket.destroy();
  await new Promise((done) => silentSmtp.close(done));
  const leftovers = await redis.keys(`${prefix}:*`);
  if (leftovers.length > 0) await redis.del(...leftovers);
  await redis.quit();
  await stores.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} after ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe('mail held by a process that is killed', () => {
  it('is sent by another process within a minute of the kill, once', async () => {
    const { port } = silentSmtp.address() as { port: number };
    doomed = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, '../testing/mail-worker-process.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: stores.databaseUrl,
          REDIS_URL,
          DATA_DIR: dataDir,
          SMTP_URL: `smtp://127.0.0.1:${port}`,
          QUEUE_PREFIX: prefix,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await until(
      async () => ((doomed!.stdout!.read() as Buffer | null)?.toString().includes('ready') ? true : undefined),
      'ready worker process',
      30_000,
    );

    const inquiry = testInquiry();
    await givenEvents(stores.eventStore, inquiryStream(inquiry.data.inquiryId), [inquiry], visitor);
    // Both mails are claimed by the doomed process and stuck in its SMTP conversation.
    await until(
      async () => {
        const claims = await redis.keys(`${prefix}:once:*`);
        const values = await Promise.all(claims.map((key) => redis.get(key)));
        return values.filter((value) => value?.startsWith('claimed:')).length === 2 ? true : undefined;
      },
      'claims by the doomed process',
      30_000,
    );

    doomed.kill('SIGKILL');
    const killedAt = Date.now();
    survivor = startWorkers({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      redisUrl: REDIS_URL,
      dataDir,
      prefix,
      logger: createLogger('silent'),
      reactors: [inboxEmailsReactor],
      inboxEmails: { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' },
    });
    const mails = await until(
      async () => {
        const sent = await readMailDir(join(dataDir, 'mail'));
        return sent.length >= 2 ? sent : undefined;
      },
      'both mails from the surviving process',
      90_000,
    );
    const delayMs = Date.now() - killedAt;
    console.log(`mail held by the killed process sent ${(delayMs / 1000).toFixed(1)} s after the kill`);
    expect(delayMs).toBeLessThan(60_000);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ann@example.com', 'sales@labshop.test']);
    // Nothing twice.
    await new Promise((done) => setTimeout(done, 2_000));
    expect(await readMailDir(join(dataDir, 'mail'))).toHaveLength(2);
  }, 150_000);
});

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunOnce } from './run-once.ts';

const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
let keyPrefix = '';

beforeEach(() => {
  keyPrefix = `labshop-test-${randomBytes(6).toString('hex')}:once`;
});

afterEach(async () => {
  const keys = await redis.keys(`${keyPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
});

afterAll(async () => {
  await redis.quit();
});

describe('runOnce (real Redis)', () => {
  it('runs the effect once, and a retry after a crash before the acknowledgement skips it', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix });
    let runs = 0;
    const effect = async () => void (runs += 1);
    expect(await runOnce('job-1', effect)).toBe('ran');
    expect(await runOnce('job-1', effect)).toBe('already-done');
    expect(runs).toBe(1);
    expect(await redis.ttl(`${keyPrefix}:job-1`)).toBeGreaterThan(6 * 24 * 60 * 60);
  });

  it('lets only one of two simultaneous attempts run the effect', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix });
    let runs = 0;
    const slowEffect = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    };
    // The second waits out the first's claim and finds it done.
    const outcomes = await Promise.all([runOnce('job-2', slowEffect), runOnce('job-2', slowEffect)]);
    expect(runs).toBe(1);
    expect(outcomes.sort()).toEqual(['already-done', 'ran']);
  });

  it('releases the claim when the effect fails, so the retry runs it', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix });
    await expect(runOnce('job-3', () => Promise.reject(new Error('SMTP said no')))).rejects.toThrow('SMTP said no');
    let runs = 0;
    expect(await runOnce('job-3', async () => void (runs += 1))).toBe('ran');
    expect(runs).toBe(1);
  });

  it('holds off while a crashed attempt still claims the job, then runs it once the claim expires', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix, claimTtlMs: 300 });
    // What a worker that died inside the effect leaves behind.
    await redis.set(`${keyPrefix}:job-4`, 'claimed:crashed-attempt', 'PX', 300);
    let runs = 0;
    const startedAt = Date.now();
    expect(await runOnce('job-4', async () => void (runs += 1))).toBe('ran');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(250);
    expect(runs).toBe(1);
  });

  it('gives up (for BullMQ to retry later) when the holder keeps its claim alive longer than a claim', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix, claimTtlMs: 200 });
    const holding = runOnce('job-7', () => new Promise((resolve) => setTimeout(resolve, 1_500)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(runOnce('job-7', async () => undefined)).rejects.toThrow(/claimed by another attempt/);
    expect(await holding).toBe('ran');
  });

  it('renews its claim while a slow effect runs, so no second attempt gets in', async () => {
    const runOnce = createRunOnce({ redis, keyPrefix, claimTtlMs: 300 });
    let runs = 0;
    const slow = runOnce('job-5', async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    await new Promise((resolve) => setTimeout(resolve, 700));
    // Past the claim's 300 ms, still claimed: renewed.
    expect(await redis.get(`${keyPrefix}:job-5`)).toMatch(/^claimed:/);
    expect(await slow).toBe('ran');
    expect(runs).toBe(1);
  });

  it('loses the claim within its time once the holder stops renewing it (its process died), and the retry runs', async () => {
    // The holder has its own connection, as another process would; cutting it is that process dying mid-effect.
    const holderConnection = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const holder = createRunOnce({ redis: holderConnection, keyPrefix, claimTtlMs: 400 });
    void holder('job-6', () => new Promise(() => undefined)).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await redis.get(`${keyPrefix}:job-6`)).toMatch(/^claimed:/);
    holderConnection.disconnect();
    const retry = createRunOnce({ redis, keyPrefix, claimTtlMs: 400 });
    const startedAt = Date.now();
    let runs = 0;
    expect(await retry('job-6', async () => void (runs += 1))).toBe('ran');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(runs).toBe(1);
  });
});

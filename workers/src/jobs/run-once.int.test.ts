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
    const outcomes = await Promise.allSettled([runOnce('job-2', slowEffect), runOnce('job-2', slowEffect)]);
    expect(runs).toBe(1);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
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
    const effect = async () => void (runs += 1);
    await expect(runOnce('job-4', effect)).rejects.toThrow(/claimed by another attempt/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await runOnce('job-4', effect)).toBe('ran');
    expect(runs).toBe(1);
  });
});

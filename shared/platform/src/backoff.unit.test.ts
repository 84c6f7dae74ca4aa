import { describe, expect, it } from 'vitest';
import { backoffDelay, sleep } from './backoff.ts';

describe('backoffDelay', () => {
  const policy = { initialDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles from the initial delay and stops at the cap', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 20].map((attempt) => backoffDelay(attempt, policy, middle))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
  });

  it('jitters within ±20%', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(80);
    expect(backoffDelay(1, policy, () => 1)).toBe(120);
  });
});

describe('sleep', () => {
  it('ends early when aborted', async () => {
    const controller = new AbortController();
    const started = performance.now();
    const sleeping = sleep(10_000, controller.signal);
    controller.abort();
    await sleeping;
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

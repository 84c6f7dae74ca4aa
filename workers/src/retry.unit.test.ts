import { describe, expect, it } from 'vitest';
import { backoffDelay, createLogThrottle, sleep, withTimeout } from './retry.ts';

describe('backoffDelay', () => {
  const policy = { initialDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles from the initial delay and stops at the cap', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 20].map((attempt) => backoffDelay(attempt, policy, middle))).toEqual([100, 200, 400, 800, 1_000, 1_000]);
  });

  it('jitters within ±20%', () => {
    expect(backoffDelay(1, policy, () => 0)).toBe(80);
    expect(backoffDelay(1, policy, () => 1)).toBe(120);
  });
});

describe('createLogThrottle', () => {
  it('lets the first line through, then one per interval, counting what it held back', () => {
    let now = 0;
    const throttle = createLogThrottle(1_000, () => now);
    const seen: (number | null)[] = [];
    for (const time of [0, 100, 200, 999, 1_000, 1_500, 2_100]) {
      now = time;
      seen.push(throttle.allow());
    }
    expect(seen).toEqual([0, null, null, null, 3, null, 1]);
  });

  it('logs at once again after a reset', () => {
    let now = 0;
    const throttle = createLogThrottle(1_000, () => now);
    throttle.allow();
    now = 10;
    throttle.reset();
    expect(throttle.allow()).toBe(0);
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

describe('withTimeout', () => {
  it('rejects when the work outlasts the limit', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20, 'enqueue')).rejects.toThrow('enqueue timed out after 20 ms');
  });

  it('passes the result through when in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000, 'enqueue')).resolves.toBe(7);
  });
});

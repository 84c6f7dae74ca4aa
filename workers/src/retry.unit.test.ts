import { describe, expect, it } from 'vitest';
import { createLogThrottle, withTimeout } from './retry.ts';

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

describe('withTimeout', () => {
  it('rejects when the work outlasts the limit', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20, 'enqueue')).rejects.toThrow(
      'enqueue timed out after 20 ms',
    );
  });

  it('passes the result through when in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000, 'enqueue')).resolves.toBe(7);
  });
});

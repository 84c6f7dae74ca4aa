import { describe, expect, it } from 'vitest';
import { startConsumerLoop } from './consumer-loop.ts';
import type { Subscription } from './port.ts';

/** A subscription that ends at once with `error`, or runs until stopped. */
function subscription(error?: Error): Subscription {
  let stop = () => {};
  const done = error ? Promise.reject(error) : new Promise<void>((resolve) => (stop = resolve));
  return { stop: async () => stop(), done };
}

describe('startConsumerLoop', () => {
  it('opens the subscription again after each failure, waiting longer each time, until it stops', async () => {
    const failures: [string, number, number][] = [];
    let opened = 0;
    const loop = startConsumerLoop({
      retry: { initialDelayMs: 10, maxDelayMs: 1_000 },
      open: async () => (++opened <= 3 ? subscription(new Error(`failure ${opened}`)) : subscription()),
      onFailure: (error, count, retryInMs) => failures.push([(error as Error).message, count, retryInMs]),
    });
    while (opened < 4) await new Promise((resolve) => setTimeout(resolve, 5));
    await loop.stop();
    expect(failures.map(([message, count]) => [message, count])).toEqual([
      ['failure 1', 1],
      ['failure 2', 2],
      ['failure 3', 3],
    ]);
    // Doubling from the initial delay, each within the ±20% jitter.
    failures.forEach(([, , delay], index) => {
      expect(delay).toBeGreaterThanOrEqual(0.8 * 10 * 2 ** index);
      expect(delay).toBeLessThanOrEqual(1.2 * 10 * 2 ** index);
    });
    expect(opened).toBe(4);
  });

  it('waits the shortest delay again once a batch was handled', async () => {
    const counts: number[] = [];
    let opened = 0;
    const loop = startConsumerLoop({
      retry: { initialDelayMs: 5, maxDelayMs: 1_000 },
      async open(healthy) {
        opened += 1;
        if (opened === 3) healthy();
        return opened <= 4 ? subscription(new Error('down')) : subscription();
      },
      onFailure: (_error, count) => counts.push(count),
    });
    while (opened < 5) await new Promise((resolve) => setTimeout(resolve, 5));
    await loop.stop();
    expect(counts).toEqual([1, 2, 1, 2]);
  });

  it('stops during a wait without opening again', async () => {
    let opened = 0;
    const loop = startConsumerLoop({
      retry: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
      open: async () => (opened++, subscription(new Error('down'))),
      onFailure: () => {},
    });
    while (opened < 1) await new Promise((resolve) => setTimeout(resolve, 5));
    const started = performance.now();
    await loop.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(opened).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { inBatches } from './in-batches.ts';

async function* timed(schedule: readonly (readonly [delayMs: number, value: number])[]): AsyncGenerator<number> {
  for (const [delayMs, value] of schedule) {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    yield value;
  }
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

describe('inBatches', () => {
  it('groups items that arrive within the linger time, up to the batch size', async () => {
    const source = timed([
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
    ]);
    expect(await collect(inBatches(source, 2, 50))).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('hands a batch on when the next item is later than the linger time, and keeps that item', async () => {
    const source = timed([
      [0, 1],
      [0, 2],
      [80, 3],
      [0, 4],
    ]);
    expect(await collect(inBatches(source, 10, 20))).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('passes on an error of the source', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('dropped');
    }
    await expect(collect(inBatches(failing(), 10, 5))).rejects.toThrow('dropped');
  });

  it('does not wait for an idle source when the consumer stops', async () => {
    let released = false;
    async function* idleAfterOne(): AsyncGenerator<number> {
      try {
        yield 1;
        await new Promise(() => undefined);
      } finally {
        released = true;
      }
    }
    for await (const batch of inBatches(idleAfterOne(), 10, 5)) {
      expect(batch).toEqual([1]);
      break;
    }
    expect(released).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { createInTurn } from './in-turn.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('tasks in turn per key', () => {
  it('runs the tasks of one key one after another, in the order given, and those of another key beside them', async () => {
    const inTurn = createInTurn();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} starts`);
      await pause(ms);
      log.push(`${name} ends`);
      return name;
    };
    const results = await Promise.all([
      inTurn('a', task('a1', 20)),
      inTurn('a', task('a2', 1)),
      inTurn('b', task('b1', 5)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    // b1 started while a1 ran; a2 started only after a1 ended.
    expect(log.indexOf('b1 starts')).toBeLessThan(log.indexOf('a1 ends'));
    expect(log.indexOf('a2 starts')).toBeGreaterThan(log.indexOf('a1 ends'));
  });

  it('goes on with the next task of a key after one fails, and hands each caller its own outcome', async () => {
    const inTurn = createInTurn();
    const failed = inTurn('a', () => Promise.reject(new Error('lost')));
    const next = inTurn('a', () => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('lost');
    await expect(next).resolves.toBe('next');
  });
});

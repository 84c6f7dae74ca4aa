import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../port.ts';
import { pageOfTypes, sharedTailReads } from './shared-tail-reads.ts';
import type { Page } from './woken-subscription.ts';

const event = (position: string, type: string) => ({ position, type }) as RecordedEvent;
const page = (events: RecordedEvent[], overrides: Partial<Page> = {}): Page => ({
  events,
  nextCursor: 'horizon',
  full: false,
  heldBack: false,
  ...overrides,
});

/** A tail reader that counts its reads and answers each with the page `answer` gives for its cursor. */
function countingReader(answer: (cursor: string) => Page = () => page([])) {
  const reads: string[] = [];
  return {
    reads,
    readTail: (cursor: string) => {
      reads.push(cursor);
      return Promise.resolve(answer(cursor));
    },
  };
}

describe('shared tail reads', () => {
  it('read once per cursor for every caller until the log moves, then afresh', async () => {
    const reader = countingReader();
    const tail = sharedTailReads(reader.readTail);
    await Promise.all([tail.read('a'), tail.read('a'), tail.read('b')]);
    await tail.read('a'); // done, and nothing appended since: still the truth
    expect(reader.reads).toEqual(['a', 'b']);

    tail.moved();
    await Promise.all([tail.read('a'), tail.read('a')]);
    expect(reader.reads).toEqual(['a', 'b', 'a']);
  });

  it('never hand a read started before a wake-up to a caller after it, even while it is still running', async () => {
    let finish: (answer: Page) => void = () => undefined;
    const reads: string[] = [];
    const tail = sharedTailReads((cursor) => {
      reads.push(cursor);
      return new Promise<Page>((resolve) => (finish = resolve));
    });
    const before = tail.read('a');
    const first = finish;
    tail.moved();
    const after = tail.read('a');
    expect(after).not.toBe(before);
    expect(reads).toEqual(['a', 'a']);
    first(page([]));
    finish(page([]));
    await Promise.all([before, after]);
  });

  it('read again after a page with events held back, and after a failed read', async () => {
    let calls = 0;
    const tail = sharedTailReads(() => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('connection lost'));
      return Promise.resolve(page([], { heldBack: calls === 1 }));
    });
    expect((await tail.read('a')).heldBack).toBe(true);
    await expect(tail.read('a')).rejects.toThrow('connection lost');
    expect((await tail.read('a')).heldBack).toBe(false);
    await tail.read('a');
    expect(calls).toBe(3);
  });
});

describe('a subscription page out of a shared one', () => {
  const shared = page([event('1', 'A'), event('2', 'B'), event('3', 'A'), event('4', 'A')], {
    nextCursor: '9',
    heldBack: true,
  });

  it('keeps its types and ends where the shared page ends', () => {
    expect(pageOfTypes(shared, new Set(['A']), 10)).toEqual({
      events: [event('1', 'A'), event('3', 'A'), event('4', 'A')],
      nextCursor: '9',
      full: false,
      heldBack: true,
    });
    expect(pageOfTypes(shared, new Set(['C']), 10)).toMatchObject({ events: [], nextCursor: '9', full: false });
    expect(pageOfTypes(shared, null, 10).events).toHaveLength(4);
    expect(pageOfTypes(shared, null, 10).events).not.toBe(shared.events);
  });

  it('cut to its batch size is full and goes on after its last event', () => {
    expect(pageOfTypes(shared, new Set(['A']), 2)).toEqual({
      events: [event('1', 'A'), event('3', 'A')],
      nextCursor: '3',
      full: true,
      heldBack: true,
    });
  });
});

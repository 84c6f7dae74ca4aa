import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores } from '../testing/stores.ts';
import type { EventStore, ReadStreamOptions } from '../event-store/port.ts';
import { createStreamFoldCache } from './stream-fold-cache.ts';

type Counted = { type: 'Counted'; data: { amount: number } };
const adder = {
  initialState: () => ({ total: 0, events: 0 }),
  evolve: (state: { total: number; events: number }, event: Counted) => ({
    total: state.total + event.data.amount,
    events: state.events + 1,
  }),
};
const metadata = {
  actor: { kind: 'system' as const, id: 'test', email: 'test@labshop.test' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: new Date().toISOString(),
};

let stores: Awaited<ReturnType<typeof createTestStores>>;
/** The events each readStream call delivered, so a test can see that only newer ones were read. */
const reads: { stream: string; fromRevision: number; delivered: number }[] = [];
let store: EventStore;
/** When set, a read holds what it read until the gate opens: lets a test append while a read is under way. */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  stores = await createTestStores();
  const real = stores.eventStore;
  store = {
    ...real,
    append: (...args) => real.append(...args),
    async *readStream(stream: string, options?: ReadStreamOptions) {
      const read = { stream, fromRevision: options?.fromRevision ?? 0, delivered: 0 };
      reads.push(read);
      const events = [];
      for await (const event of real.readStream(stream, options)) events.push(event);
      await gate;
      for (const event of events) {
        read.delivered++;
        yield event;
      }
    },
  };
});
afterAll(() => stores.drop());

const append = (stream: string, ...amounts: number[]) =>
  store.append(
    stream,
    amounts.map((amount) => ({ type: 'Counted', data: { amount }, metadata })),
    { expectedRevision: 'any' },
  );

describe('createStreamFoldCache', () => {
  it('folds a stream once, then reads only the events after the cached revision', async () => {
    const cache = createStreamFoldCache(store, adder);
    await append('counter-a', 1, 2, 3);
    reads.length = 0;

    const first = await cache.fold('counter-a');
    expect(first.state).toEqual({ total: 6, events: 3 });
    expect(first.revision).toBe(2);

    await append('counter-a', 10);
    const second = await cache.fold('counter-a');
    expect(second.state).toEqual({ total: 16, events: 4 });
    expect(second.revision).toBe(3);
    expect(second.position > first.position).toBe(true);

    const third = await cache.fold('counter-a');
    expect(third.state).toBe(second.state);
    expect(reads).toEqual([
      { stream: 'counter-a', fromRevision: 0, delivered: 3 },
      { stream: 'counter-a', fromRevision: 3, delivered: 1 },
      { stream: 'counter-a', fromRevision: 4, delivered: 0 },
    ]);
  });

  it('answers a missing stream as foldStream does, and caches nothing for it', async () => {
    const cache = createStreamFoldCache(store, adder);
    reads.length = 0;
    expect(await cache.fold('counter-missing')).toEqual({
      state: { total: 0, events: 0 },
      revision: 'no_stream',
      position: '',
    });
    await append('counter-missing', 5);
    expect((await cache.fold('counter-missing')).state).toEqual({ total: 5, events: 1 });
    expect(reads.map((read) => read.fromRevision)).toEqual([0, 0]);
  });

  it('forgets the least recently used stream beyond its size', async () => {
    const cache = createStreamFoldCache(store, adder, { maxStreams: 2 });
    await append('counter-x', 1);
    await append('counter-y', 2);
    await append('counter-z', 3);
    await cache.fold('counter-x');
    await cache.fold('counter-y');
    await cache.fold('counter-x'); // x is now the most recently used
    await cache.fold('counter-z'); // evicts y
    reads.length = 0;
    await cache.fold('counter-x');
    await cache.fold('counter-y');
    expect(reads.map((read) => [read.stream, read.fromRevision])).toEqual([
      ['counter-x', 1],
      ['counter-y', 0],
    ]);
  });

  it('lets folds asked for together share one read', async () => {
    const cache = createStreamFoldCache(store, adder);
    await append('counter-busy', 1, 1, 1);
    reads.length = 0;
    const folds = await Promise.all(Array.from({ length: 10 }, () => cache.fold('counter-busy')));
    expect(new Set(folds.map((fold) => fold.state.total))).toEqual(new Set([3]));
    expect(reads).toHaveLength(1);
  });

  it('never lets a fold join a read that started before it was asked for', async () => {
    const cache = createStreamFoldCache(store, adder);
    await append('counter-late', 1);
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    try {
      const early = cache.fold('counter-late');
      while (reads.at(-1)?.stream !== 'counter-late') await new Promise((resolve) => setImmediate(resolve));
      await append('counter-late', 10); // after the early read took its events, before it answered
      const late = cache.fold('counter-late');
      open();
      expect((await early).state.total).toBe(1);
      expect((await late).state.total).toBe(11);
    } finally {
      gate = null;
    }
  });
});

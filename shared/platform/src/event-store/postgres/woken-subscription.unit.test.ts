import { describe, expect, it } from 'vitest';
import type { Position, RecordedEvent } from '../port.ts';
import { startWokenSubscription, type Page } from './woken-subscription.ts';

const event = (position: Position): RecordedEvent => ({
  id: position,
  type: 'Counted',
  stream: 's',
  revision: Number(position),
  position,
  data: {},
  metadata: {
    actor: { kind: 'system', id: 't', email: 't@labshop.test' },
    correlationId: 'c',
    causationId: 'c',
    occurredAt: '',
  },
});

/** A log the test appends to; readPage answers what lies after the cursor, `limit` at a time, and records its reads. */
function log(limit = 10) {
  const events: RecordedEvent[] = [];
  const reads: Position[] = [];
  return {
    events,
    reads,
    append: (...positions: Position[]) => events.push(...positions.map(event)),
    async readPage(cursor: Position): Promise<Page> {
      reads.push(cursor);
      const page = events.filter((candidate) => candidate.position > cursor).slice(0, limit);
      return {
        events: page,
        nextCursor: page.at(-1)?.position ?? cursor,
        full: page.length === limit,
        heldBack: false,
      };
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('woken subscription', () => {
  it('reads again once the handler is done when an append woke it meanwhile, taking in all that was appended', async () => {
    const store = log();
    store.append('1');
    let release!: () => void;
    const handled: Position[][] = [];
    const subscription = startWokenSubscription({
      after: '',
      readPage: (cursor) => store.readPage(cursor),
      handler: async (events) => {
        handled.push(events.map((one) => one.position));
        if (handled.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      heldBackRetryMs: 50,
      isTransient: () => false,
    });
    await settle();
    expect(store.reads).toEqual(['']);
    store.append('2');
    subscription.wake();
    await settle();
    store.append('3');
    subscription.wake();
    // Not read ahead while the handler of page 1 runs: a read then would leave out what is appended after it.
    expect(store.reads).toEqual(['']);
    release();
    await settle();
    expect(store.reads).toEqual(['', '1']);
    expect(handled).toEqual([['1'], ['2', '3']]);
    await subscription.stop();
  });

  it('reads nothing more while the handler runs when no append woke it, and sleeps after (an idle store sends nothing)', async () => {
    const store = log();
    store.append('1');
    let release!: () => void;
    const subscription = startWokenSubscription({
      after: '',
      readPage: (cursor) => store.readPage(cursor),
      handler: () => new Promise<void>((resolve) => (release = resolve)),
      heldBackRetryMs: 50,
      isTransient: () => false,
    });
    await settle();
    expect(store.reads).toEqual(['']);
    release();
    await settle();
    expect(store.reads).toEqual(['']);
    await subscription.stop();
  });

  it('reads the page after a full one while the handler folds it, and hands every event over once and in order', async () => {
    const store = log(2);
    store.append('1', '2', '3', '4', '5');
    const handled: Position[] = [];
    const readsWhenHandled: number[] = [];
    const subscription = startWokenSubscription({
      after: '',
      readPage: (cursor) => store.readPage(cursor),
      handler: async (events) => {
        handled.push(...events.map((one) => one.position));
        await settle();
        readsWhenHandled.push(store.reads.length);
      },
      heldBackRetryMs: 50,
      isTransient: () => false,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(handled).toEqual(['1', '2', '3', '4', '5']);
    expect(store.reads).toEqual(['', '2', '4']);
    // When the first two pages were handled, the page after each had been read already; the last was not full.
    expect(readsWhenHandled).toEqual([2, 3, 3]);
    await subscription.stop();
  });
});

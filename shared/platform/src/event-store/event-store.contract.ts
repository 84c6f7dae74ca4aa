import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  START,
  WrongExpectedRevision,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from './port.ts';

/**
 * The behaviour every EventStore adapter must show. Tests share one log per adapter, so each test
 * uses its own stream names and event types and reads the global log from the head it saw first.
 */
export function eventStoreContract(name: string, createStore: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let names: ReturnType<typeof uniqueNames>;

    beforeEach(async () => {
      store = await createStore();
      names = uniqueNames();
    });
    afterEach(async () => {
      await store.close();
    });

    describe('append and readStream', () => {
      it('round-trips ids, types, data and metadata with 0-based revisions', async () => {
        const stream = names.stream('round-trip');
        const givenId = randomUUID();
        const first = await store.append(
          stream,
          [
            newEvent(names.type('Created'), { sku: 'AB-1', quantity: 2 }, { id: givenId }),
            newEvent(names.type('Renamed'), { name: 'Pipette' }),
          ],
          { expectedRevision: 'no_stream' },
        );
        const second = await store.append(stream, [newEvent(names.type('Renamed'), { name: 'Flask' })], {
          expectedRevision: 1,
        });

        const events = await collect(store.readStream(stream));
        expect(first.nextRevision).toBe(1);
        expect(second.nextRevision).toBe(2);
        expect(events.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(events[0]).toEqual({
          id: givenId,
          type: names.type('Created'),
          stream,
          revision: 0,
          position: events[0]!.position,
          data: { sku: 'AB-1', quantity: 2 },
          metadata: sampleMetadata(),
        });
        expect(events[1]!.id).toMatch(UUID);
        expect(events[1]!.id).not.toBe(events[2]!.id);
        expect(events[1]!.position).toBe(first.position);
        expect(events[2]!.position).toBe(second.position);
        expectStrictlyIncreasing(events.map((event) => event.position));
      });

      it('reads nothing from a stream that does not exist', async () => {
        expect(await collect(store.readStream(names.stream('missing')))).toEqual([]);
      });

      it('selects by fromRevision, toRevision and until (metadata.occurredAt)', async () => {
        const stream = names.stream('ranges');
        const times = [0, 1, 2, 3, 4].map((minute) => new Date(Date.UTC(2025, 0, 1, 12, minute)));
        await store.append(
          stream,
          times.map((time, index) => newEvent(names.type('Counted'), { index }, { occurredAt: time.toISOString() })),
          { expectedRevision: 'no_stream' },
        );
        const revisions = async (options: Parameters<EventStore['readStream']>[1]) =>
          (await collect(store.readStream(stream, options))).map((event) => event.revision);

        expect(await revisions({ fromRevision: 2 })).toEqual([2, 3, 4]);
        expect(await revisions({ toRevision: 1 })).toEqual([0, 1]);
        expect(await revisions({ fromRevision: 1, toRevision: 3 })).toEqual([1, 2, 3]);
        expect(await revisions({ until: times[2]! })).toEqual([0, 1, 2]);
        expect(await revisions({ until: new Date(times[2]!.getTime() + 30_000) })).toEqual([0, 1, 2]);
        expect(await revisions({ fromRevision: 1, until: times[3]! })).toEqual([1, 2, 3]);
        expect(await revisions({ until: new Date(times[0]!.getTime() - 1) })).toEqual([]);
        expect(await revisions({ fromRevision: 5 })).toEqual([]);
      });

      it('appends a batch larger than one server write (over 1 MiB) whole and in order, with its last revision and position', async () => {
        const stream = names.stream('large');
        const padding = 'x'.repeat(20_000);
        const count = 120; // about 2.4 MB: EventStoreDB takes at most 1 MiB in one write
        const first = await store.append(stream, [newEvent(names.type('Counted'), { index: -1 })], {
          expectedRevision: 'no_stream',
        });
        const result = await store.append(
          stream,
          range(count).map((index) => newEvent(names.type('Counted'), { index, padding })),
          { expectedRevision: 0 },
        );
        const events = await collect(store.readStream(stream));
        expect(result.nextRevision).toBe(count);
        expect(events.map((event) => event.revision)).toEqual(range(count + 1));
        expect(events.map((event) => (event.data as { index: number }).index)).toEqual([-1, ...range(count)]);
        expect(events.at(-1)!.position).toBe(result.position);
        expect(events[0]!.position).toBe(first.position);
        expectStrictlyIncreasing(events.map((event) => event.position));
        expect(await collect(store.readStream(stream, { fromRevision: count }))).toHaveLength(1);
      });

      it('pages through a stream longer than one read', async () => {
        const stream = names.stream('long');
        const count = 1_234;
        await store.append(
          stream,
          range(count).map((index) => newEvent(names.type('Counted'), { index })),
          { expectedRevision: 'no_stream' },
        );
        const events = await collect(store.readStream(stream));
        expect(events.map((event) => event.revision)).toEqual(range(count));
        expect(events.map((event) => (event.data as { index: number }).index)).toEqual(range(count));
      });
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and refuses an existing one", async () => {
        const stream = names.stream('no-stream');
        await store.append(stream, twoEvents(names), { expectedRevision: 'no_stream' });
        await expectWrongRevision(
          store.append(stream, oneEvent(names), { expectedRevision: 'no_stream' }),
          stream,
          'no_stream',
          1,
        );
      });

      it("'exists' refuses a missing stream and appends to an existing one", async () => {
        const stream = names.stream('exists');
        await expectWrongRevision(
          store.append(stream, oneEvent(names), { expectedRevision: 'exists' }),
          stream,
          'exists',
          'no_stream',
        );
        await store.append(stream, oneEvent(names), { expectedRevision: 'no_stream' });
        const result = await store.append(stream, twoEvents(names), { expectedRevision: 'exists' });
        expect(result.nextRevision).toBe(2);
      });

      it('a revision number must equal the revision of the last event', async () => {
        const stream = names.stream('number');
        await expectWrongRevision(
          store.append(stream, oneEvent(names), { expectedRevision: 0 }),
          stream,
          0,
          'no_stream',
        );
        await store.append(stream, twoEvents(names), { expectedRevision: 'no_stream' });
        await expectWrongRevision(store.append(stream, oneEvent(names), { expectedRevision: 0 }), stream, 0, 1);
        await expectWrongRevision(store.append(stream, oneEvent(names), { expectedRevision: 2 }), stream, 2, 1);
        const result = await store.append(stream, oneEvent(names), { expectedRevision: 1 });
        expect(result.nextRevision).toBe(2);
      });

      it("'any' appends whatever the stream's state", async () => {
        const stream = names.stream('any');
        expect((await store.append(stream, twoEvents(names), { expectedRevision: 'any' })).nextRevision).toBe(1);
        expect((await store.append(stream, oneEvent(names), { expectedRevision: 'any' })).nextRevision).toBe(2);
      });

      it('a refused multi-event append writes none of its events', async () => {
        const stream = names.stream('refused');
        await store.append(stream, oneEvent(names), { expectedRevision: 'no_stream' });
        await expectWrongRevision(store.append(stream, twoEvents(names), { expectedRevision: 5 }), stream, 5, 0);
        expect((await collect(store.readStream(stream))).map((event) => event.revision)).toEqual([0]);
      });

      it('of concurrent appends expecting the same revision, exactly one wins', async () => {
        const stream = names.stream('race');
        await store.append(stream, oneEvent(names), { expectedRevision: 'no_stream' });
        const outcomes = await Promise.allSettled(
          range(10).map((contender) =>
            store.append(stream, [newEvent(names.type('Raced'), { contender })], { expectedRevision: 0 }),
          ),
        );
        const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const losers = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
        );
        expect(winners).toHaveLength(1);
        expect(losers).toHaveLength(9);
        for (const loser of losers) expect(loser).toMatchObject({ name: 'WrongExpectedRevision', actual: 1 });
        expect((await collect(store.readStream(stream))).map((event) => event.revision)).toEqual([0, 1]);
      });

      it("of concurrent appends expecting 'no_stream', exactly one wins", async () => {
        const stream = names.stream('race-new');
        const outcomes = await Promise.allSettled(
          range(10).map(() => store.append(stream, twoEvents(names), { expectedRevision: 'no_stream' })),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        expect((await collect(store.readStream(stream))).map((event) => event.revision)).toEqual([0, 1]);
      });

      it('keeps the events of one append together and in order under concurrent appends', async () => {
        const stream = names.stream('atomic');
        const results = await Promise.all(
          range(10).map((append) =>
            store.append(
              stream,
              range(5).map((index) => newEvent(names.type('Batched'), { append, index })),
              { expectedRevision: 'any' },
            ),
          ),
        );
        const events = await collect(store.readStream(stream));
        expect(events.map((event) => event.revision)).toEqual(range(50));
        for (const start of range(10).map((block) => block * 5)) {
          const block = events.slice(start, start + 5).map((event) => event.data as { append: number; index: number });
          expect(block.map((data) => data.append)).toEqual(Array(5).fill(block[0]!.append));
          expect(block.map((data) => data.index)).toEqual(range(5));
        }
        expect(results.map((result) => result.nextRevision).sort((a, b) => a - b)).toEqual(
          range(10).map((block) => block * 5 + 4),
        );
      });
    });

    describe('readAll and headPosition', () => {
      it('reads the global log after a position, filtered by type, with a limit', async () => {
        const start = await store.headPosition();
        const [ordered, shipped] = [names.type('Ordered'), names.type('Shipped')];
        const appended: Position[] = [];
        for (const [index, type] of [ordered, shipped, ordered, shipped, ordered].entries()) {
          const result = await store.append(names.stream(`all-${index % 2}`), [newEvent(type, { index })], {
            expectedRevision: 'any',
          });
          appended.push(result.position);
        }
        await waitUntilVisible(store, appended.at(-1)!);

        const all = await collect(store.readAll({ after: start, types: [ordered, shipped] }));
        expect(all.map((event) => (event.data as { index: number }).index)).toEqual([0, 1, 2, 3, 4]);
        expect(all.map((event) => event.position)).toEqual(appended);
        expectStrictlyIncreasing(all.map((event) => event.position));

        const onlyShipped = await collect(store.readAll({ after: start, types: [shipped] }));
        expect(onlyShipped.map((event) => (event.data as { index: number }).index)).toEqual([1, 3]);

        const afterSecond = await collect(store.readAll({ after: appended[1]!, types: [ordered, shipped] }));
        expect(afterSecond.map((event) => (event.data as { index: number }).index)).toEqual([2, 3, 4]);

        const limited = await collect(store.readAll({ after: start, types: [ordered, shipped], limit: 2 }));
        expect(limited.map((event) => (event.data as { index: number }).index)).toEqual([0, 1]);

        expect(await collect(store.readAll({ after: appended[4]!, types: [ordered, shipped] }))).toEqual([]);
      });

      it('reads the log after a position in limited pages without a type filter, as a rebuild does, the pages joining up to the whole', async () => {
        const start = await store.headPosition();
        const streams = [names.stream('paged-a'), names.stream('paged-b')];
        let last: Position = start;
        for (const index of range(23))
          last = (
            await store.append(streams[index % 2]!, [newEvent(names.type('Paged'), { index })], {
              expectedRevision: 'any',
            })
          ).position;
        await waitUntilVisible(store, last);

        const paged: RecordedEvent[] = [];
        let after = start;
        for (;;) {
          const page = await collect(store.readAll({ after, limit: 5 }));
          expect(page.length).toBeLessThanOrEqual(5);
          if (page.length === 0) break;
          paged.push(...page);
          after = page.at(-1)!.position;
        }
        const whole = await collect(store.readAll({ after: start }));
        expect(paged.map((event) => event.id)).toEqual(whole.map((event) => event.id));
        const ours = paged.filter((event) => streams.includes(event.stream));
        expect(ours.map((event) => (event.data as { index: number }).index)).toEqual(range(23));
        expect(ours.at(-1)!.position).toBe(last);
        expectStrictlyIncreasing(paged.map((event) => event.position));
      });

      it('reads the whole log from START in strictly increasing positions', async () => {
        const result = await store.append(names.stream('from-start'), twoEvents(names), {
          expectedRevision: 'no_stream',
        });
        await waitUntilVisible(store, result.position);
        const all = await collect(store.readAll());
        expectStrictlyIncreasing(all.map((event) => event.position));
        expect(all.at(-1)!.position).toBe(result.position);
        expect(all.every((event) => event.position > START)).toBe(true);
      });

      it('headPosition reaches the position of the last append', async () => {
        const result = await store.append(names.stream('head'), oneEvent(names), { expectedRevision: 'no_stream' });
        expect(await eventually(async () => (await store.headPosition()) === result.position)).toBe(true);
      });

      it('checkPosition: an appended position is possible, made-up text malformed, a position past the head beyond', async () => {
        const result = await store.append(names.stream('check'), oneEvent(names), { expectedRevision: 'no_stream' });
        expect(await store.checkPosition(result.position)).toBe('possible');
        for (const text of ['z', '1-1', `${result.position}0`])
          expect(await store.checkPosition(text), JSON.stringify(text)).toBe('malformed');
        const [first, second] = result.position.split('-') as [string, string];
        expect(await store.checkPosition(`${'9'.repeat(first.length)}-${second}`)).toBe('beyond');
      });
    });

    describe('subscribe', () => {
      it('50 concurrent writers: a live subscriber sees all 1000 events once, in one order that a replay repeats', async () => {
        const type = names.type('Concurrent');
        const start = await store.headPosition();
        const live = recorder();
        const liveSubscription = store.subscribe({ after: start, types: [type] }, live.handler);

        await Promise.all(
          range(50).map(async (writer) => {
            const stream = names.stream(`writer-${writer}`);
            for (const index of range(20)) {
              await store.append(stream, [newEvent(type, { writer, index })], {
                expectedRevision: index === 0 ? 'no_stream' : index - 1,
              });
            }
          }),
        );
        await eventually(() => live.events.length >= 1000, 15_000);
        await settle();
        await liveSubscription.stop();

        expect(live.events).toHaveLength(1000);
        expect(new Set(live.events.map((event) => event.id)).size).toBe(1000);
        expectStrictlyIncreasing(live.events.map((event) => event.position));
        for (const writer of range(50)) {
          const own = live.events.filter((event) => (event.data as { writer: number }).writer === writer);
          expect(own.map((event) => event.revision)).toEqual(range(20));
        }

        const replay = recorder();
        const replaySubscription = store.subscribe({ after: start, types: [type] }, replay.handler);
        await eventually(() => replay.events.length >= 1000, 15_000);
        await settle();
        await replaySubscription.stop();
        expect(replay.events.map((event) => event.id)).toEqual(live.events.map((event) => event.id));
        expect((await collect(store.readAll({ after: start, types: [type] }))).map((event) => event.id)).toEqual(
          live.events.map((event) => event.id),
        );
      });

      it('without a type filter (as projections subscribe) delivers every event appended, ours in order, and none of the store’s own', async () => {
        const start = await store.headPosition();
        const seen = recorder();
        const subscription = store.subscribe({ after: start }, seen.handler);
        const stream = names.stream('untyped');
        const types = [names.type('First'), names.type('Second'), names.type('Third')];
        await store.append(stream, [newEvent(types[0]!, { index: 0 }), newEvent(types[1]!, { index: 1 })], {
          expectedRevision: 'no_stream',
        });
        const last = await store.append(stream, [newEvent(types[2]!, { index: 2 })], { expectedRevision: 1 });
        await eventually(() => seen.events.some((event) => event.position === last.position));
        await settle();
        await subscription.stop();

        expect(seen.events.map((event) => event.type)).toEqual(types);
        expect(seen.events.map((event) => event.stream)).toEqual([stream, stream, stream]);
        expect(seen.events.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(seen.events.every((event) => event.position > start)).toBe(true);
        expectStrictlyIncreasing(seen.events.map((event) => event.position));
      });

      it('catches up on a history longer than several batches, then goes on live with nothing missed or repeated', async () => {
        const type = names.type('CaughtUp');
        const start = await store.headPosition();
        const stream = names.stream('catch-up');
        await store.append(
          stream,
          range(130).map((index) => newEvent(type, { index })),
          { expectedRevision: 'no_stream' },
        );
        const seen = recorder();
        const subscription = store.subscribe({ after: start, types: [type], maxBatchSize: 40 }, seen.handler);
        await eventually(() => seen.events.length >= 130, 15_000);
        for (const index of range(130, 160))
          await store.append(stream, [newEvent(type, { index })], { expectedRevision: index - 1 });
        await eventually(() => seen.events.length >= 160, 15_000);
        await settle();
        await subscription.stop();
        expect(seen.events.map((event) => (event.data as { index: number }).index)).toEqual(range(160));
        expect(seen.events.map((event) => event.revision)).toEqual(range(160));
      });

      it('resumes from a checkpoint without redelivering', async () => {
        const type = names.type('Resumed');
        const start = await store.headPosition();
        const stream = names.stream('resume');
        await store.append(
          stream,
          range(3).map((index) => newEvent(type, { index })),
          { expectedRevision: 'no_stream' },
        );

        const first = recorder();
        const firstSubscription = store.subscribe({ after: start, types: [type] }, first.handler);
        await eventually(() => first.events.length >= 3);
        await firstSubscription.stop();
        const checkpoint = first.events.at(-1)!.position;

        await store.append(
          stream,
          range(3, 5).map((index) => newEvent(type, { index })),
          { expectedRevision: 2 },
        );
        const resumed = recorder();
        const resumedSubscription = store.subscribe({ after: checkpoint, types: [type] }, resumed.handler);
        await eventually(() => resumed.events.length >= 2);
        await settle();
        await resumedSubscription.stop();

        expect(first.events.map((event) => event.revision)).toEqual([0, 1, 2]);
        expect(resumed.events.map((event) => event.revision)).toEqual([3, 4]);
        expect(resumed.events[0]!.position > checkpoint).toBe(true);
      });

      it('delivers only the requested types', async () => {
        const [wanted, other] = [names.type('Wanted'), names.type('Other')];
        const start = await store.headPosition();
        const seen = recorder();
        const subscription = store.subscribe({ after: start, types: [wanted] }, seen.handler);
        const stream = names.stream('types');
        await store.append(stream, [newEvent(wanted, { index: 0 }), newEvent(other, { index: 1 })], {
          expectedRevision: 'no_stream',
        });
        await store.append(stream, [newEvent(other, { index: 2 }), newEvent(wanted, { index: 3 })], {
          expectedRevision: 1,
        });
        await eventually(() => seen.events.length >= 2);
        await settle();
        await subscription.stop();
        expect(seen.events.map((event) => (event.data as { index: number }).index)).toEqual([0, 3]);
        expect(seen.events.every((event) => event.type === wanted)).toBe(true);
      });

      it('hands over batches no larger than maxBatchSize, one at a time', async () => {
        const type = names.type('Batched');
        const start = await store.headPosition();
        await store.append(
          names.stream('batches'),
          range(25).map((index) => newEvent(type, { index })),
          { expectedRevision: 'no_stream' },
        );
        const batchSizes: number[] = [];
        const delivered: number[] = [];
        let running = 0;
        let mostRunning = 0;
        const subscription = store.subscribe({ after: start, types: [type], maxBatchSize: 10 }, async (batch) => {
          running += 1;
          mostRunning = Math.max(mostRunning, running);
          batchSizes.push(batch.length);
          await sleep(20);
          delivered.push(...batch.map((event) => (event.data as { index: number }).index));
          running -= 1;
        });
        await eventually(() => delivered.length >= 25);
        await subscription.stop();
        expect(delivered).toEqual(range(25));
        expect(Math.max(...batchSizes)).toBeLessThanOrEqual(10);
        expect(mostRunning).toBe(1);
      });

      it('stop() waits for the running handler, then nothing more is delivered and done resolves', async () => {
        const type = names.type('Stopped');
        const start = await store.headPosition();
        const stream = names.stream('stop');
        const gate = deferred();
        const entered = deferred();
        const delivered: RecordedEvent[] = [];
        const subscription = store.subscribe({ after: start, types: [type] }, async (batch) => {
          entered.resolve();
          await gate.promise;
          delivered.push(...batch);
        });
        await store.append(stream, oneEvent(names, type), { expectedRevision: 'no_stream' });
        await entered.promise;

        let stopped = false;
        const stopping = subscription.stop().then(() => {
          stopped = true;
        });
        await sleep(50);
        expect(stopped).toBe(false);
        gate.resolve();
        await stopping;
        await expect(subscription.done).resolves.toBeUndefined();

        await store.append(stream, oneEvent(names, type), { expectedRevision: 0 });
        await settle();
        expect(delivered).toHaveLength(1);
      });

      it('a throwing handler ends the subscription and rejects done with its error', async () => {
        const type = names.type('Failed');
        const start = await store.headPosition();
        let calls = 0;
        const failure = new Error('projection failed');
        const subscription = store.subscribe({ after: start, types: [type] }, async () => {
          calls += 1;
          throw failure;
        });
        const stream = names.stream('failing');
        await store.append(stream, oneEvent(names, type), { expectedRevision: 'no_stream' });
        await expect(subscription.done).rejects.toBe(failure);
        await store.append(stream, oneEvent(names, type), { expectedRevision: 0 });
        await settle();
        expect(calls).toBe(1);
        await subscription.stop();
      });
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function uniqueNames() {
  const run = randomUUID().slice(0, 8);
  return {
    stream: (label: string) => `contract-${run}-${label}`,
    type: (label: string) => `Contract${run}${label}`,
  };
}

function sampleMetadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    actor: { kind: 'admin', id: 'admin-1', email: 'admin@labshop.test' },
    correlationId: 'correlation-1',
    causationId: 'causation-1',
    occurredAt: '2025-01-01T12:00:00.000Z',
    ...overrides,
  };
}

function newEvent(
  type: string,
  data: unknown,
  { id, occurredAt }: { id?: string; occurredAt?: string } = {},
): NewEvent {
  return { ...(id ? { id } : {}), type, data, metadata: sampleMetadata(occurredAt ? { occurredAt } : {}) };
}

function oneEvent(names: ReturnType<typeof uniqueNames>, type = names.type('Noted')): NewEvent[] {
  return [newEvent(type, { note: 'one' })];
}

function twoEvents(names: ReturnType<typeof uniqueNames>): NewEvent[] {
  return [newEvent(names.type('Noted'), { note: 'one' }), newEvent(names.type('Noted'), { note: 'two' })];
}

async function expectWrongRevision(
  append: Promise<unknown>,
  stream: string,
  expected: unknown,
  actual: number | 'no_stream',
): Promise<void> {
  const error = await append.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WrongExpectedRevision);
  expect(error).toMatchObject({ stream, expected, actual });
}

function expectStrictlyIncreasing(positions: readonly Position[]): void {
  const outOfOrder = positions.flatMap((position, index) =>
    index > 0 && !(positions[index - 1]! < position) ? [index] : [],
  );
  expect(outOfOrder).toEqual([]);
}

function recorder() {
  const events: RecordedEvent[] = [];
  return {
    events,
    handler: async (batch: RecordedEvent[]) => {
      events.push(...batch);
    },
  };
}

/** Subscribers (PostgreSQL's especially) see an event once no older transaction is still running. */
async function waitUntilVisible(store: EventStore, position: Position): Promise<void> {
  expect(await eventually(async () => (await store.headPosition()) >= position)).toBe(true);
}

async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(10);
  }
  return condition();
}

/** Leaves time for a wrong extra delivery to show up before asserting that none came. */
function settle(): Promise<void> {
  return sleep(300);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

function range(from: number, to?: number): number[] {
  const [start, end] = to === undefined ? [0, from] : [from, to];
  return Array.from({ length: end - start }, (_, index) => start + index);
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStores, TEST_MONGODB_URL_ENV } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { START, type NewEvent, type RecordedEvent } from '@labshop/platform/event-store/port';
import type { StoredDocument } from '@labshop/platform/read-store/port';
import type { Projection } from '@labshop/platform/read-store/projection';
import { applyBatch } from './apply-batch.ts';
import {
  activeVersion,
  checkpointName,
  lastChangeName,
  physicalCollection,
} from '@labshop/platform/read-store/generations';
import { LiveModel } from './live-model.ts';
import { startProjectionRunner } from './projection-runner.ts';

interface Tally extends StoredDocument {
  count: number;
  label: string;
}

/** Counts `Counted` events per key: a projection where applying an event twice would show. */
const tally = (version: number, label = `v${version}`): Projection<Tally> => ({
  name: 'tally',
  version,
  documentIds: (event) => (event.type === 'Counted' ? [(event.data as { key: string }).key] : []),
  project: (document, event) => {
    const key = (event.data as { key: string }).key;
    return { id: key, count: (document?.count ?? 0) + 1, label };
  },
});

const logger = createLogger('silent');
let stores: Awaited<ReturnType<typeof createTestStores>>;
beforeAll(async () => {
  stores = await createTestStores();
});
afterAll(async () => {
  await stores?.drop();
});

const metadata = {
  actor: { kind: 'system' as const, id: 'test', email: 'test@labshop.test' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: new Date().toISOString(),
};
const counted = (key: string): NewEvent => ({ type: 'Counted', data: { key }, metadata });

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One batch through the runner's `applyBatch`, as the runner applies it. */
async function applyOnce(model: LiveModel, events: readonly RecordedEvent[]) {
  const outcome = await applyBatch(stores.readStore, [model], START, events);
  for (const pending of outcome.applied) model.committed(pending);
  return outcome;
}
const runProjection = ({
  projection,
  ...rest
}: {
  projection: Projection;
  eventStore: typeof stores.eventStore;
  readStore: typeof stores.readStore;
  logger: typeof logger;
}) => startProjectionRunner({ ...rest, projections: [projection as Projection] });

const counts = async (version: number) =>
  Object.fromEntries(
    (await stores.readStore.collection<Tally>(physicalCollection('tally', version)).find()).map((doc) => [
      doc.id,
      doc.count,
    ]),
  );

describe('projection runtime', () => {
  it('builds a new projection, goes live, and survives a restart without applying anything twice', async () => {
    await stores.eventStore.append('tally-1', [counted('a'), counted('b'), counted('a')], {
      expectedRevision: 'no_stream',
    });
    const first = runProjection({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projection: tally(1),
      logger,
    });
    await until(async () => (await activeVersion(stores.readStore, 'tally')) === 1, 'version 1 to be active');
    await until(async () => (await counts(1)).a === 2, 'the catch-up');
    await stores.eventStore.append('tally-1', [counted('b')], { expectedRevision: 2 });
    await until(async () => (await counts(1)).b === 2, 'the live event');
    await first.stop();

    await stores.eventStore.append('tally-1', [counted('c')], { expectedRevision: 3 });
    const second = runProjection({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projection: tally(1),
      logger,
    });
    await until(async () => (await counts(1)).c === 1, 'the event appended while stopped');
    await second.stop();
    expect(await counts(1)).toEqual({ a: 2, b: 2, c: 1 });
  });

  it('ignores a redelivered batch, even when the checkpoint was lost', async () => {
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readAll()) events.push(event);
    const before = await counts(1);
    const model = new LiveModel(tally(1) as Projection);
    await applyOnce(model, events);
    expect(await counts(1)).toEqual(before);
    await stores.readStore.setCheckpoint(checkpointName('tally', 1), '');
    await applyOnce(model, events);
    expect(await counts(1)).toEqual(before);
  });

  it('folds a batch again from the store when another writer moved a checkpoint between its read and its write', async () => {
    const projection = { ...tally(1), name: 'moved' } as Projection;
    const collection = physicalCollection('moved', 1);
    const checkpoint = checkpointName('moved', 1);
    await stores.eventStore.append('moved-1', [counted('x'), counted('x')], { expectedRevision: 'no_stream' });
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readStream('moved-1')) events.push(event);
    const model = new LiveModel(projection);
    await applyOnce(model, events.slice(0, 1));
    // Between this batch's read and its write, its checkpoint is set back by hand and the document replaced.
    const answers: boolean[] = [];
    const store: typeof stores.readStore = {
      ...stores.readStore,
      async writeAcross(writes, checkpoints, expected) {
        if (answers.length === 0) {
          await stores.readStore.dropCollection(collection);
          await stores.readStore.collection<Tally>(collection).upsert({
            id: 'x',
            count: 7,
            label: 'by hand',
            _position: events[0]!.position,
          });
          await stores.readStore.setCheckpoint(checkpoint, START);
        }
        const written = await stores.readStore.writeAcross(writes, checkpoints, expected);
        answers.push(written);
        return written;
      },
    };

    const outcome = await applyBatch(store, [model], events[0]!.position, events.slice(1));

    // The first write found the checkpoint moved and wrote nothing; folded again, the model is behind, to catch up.
    expect(answers).toEqual([false, true]);
    expect(outcome.behind).toEqual([model]);
    expect(outcome.applied).toEqual([]);
    expect(await stores.readStore.getCheckpoint(checkpoint)).toBe(START);
    expect(await stores.readStore.collection<Tally>(collection).get('x')).toMatchObject({ count: 7, label: 'by hand' });
  });

  it('retries a failing batch from the checkpoint and applies it once', async () => {
    let failuresLeft = 2;
    const flaky: Projection<Tally> = {
      ...tally(1),
      project: (document, event, id, before) => {
        if ((event.data as { key: string }).key === 'boom' && failuresLeft-- > 0) throw new Error('projection bug');
        return tally(1).project(document, event, id, before);
      },
    };
    await stores.eventStore.append('tally-2', [counted('d'), counted('boom')], { expectedRevision: 'no_stream' });
    const running = runProjection({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projection: flaky,
      logger,
    });
    await until(async () => (await counts(1)).boom === 1, 'the retried batch');
    await running.stop();
    expect(await counts(1)).toMatchObject({ d: 1, boom: 1 });
  });

  it('leaves a failing projection behind while the others go on, then catches it up on its own', async () => {
    let broken = true;
    const fragile: Projection<Tally> = {
      ...tally(1),
      name: 'fragile',
      project: (document, event, id, before) => {
        if (broken) throw new Error('projection bug');
        return tally(1).project(document, event, id, before);
      },
    };
    const steady: Projection<Tally> = { ...tally(1), name: 'steady' };
    const countsOf = async (name: string) =>
      Object.fromEntries(
        (await stores.readStore.collection<Tally>(physicalCollection(name, 1)).find()).map((doc) => [
          doc.id,
          doc.count,
        ]),
      );
    const running = startProjectionRunner({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projections: [fragile, steady],
      logger,
    });
    const appended = await stores.eventStore.append('isolated-1', [counted('f1'), counted('f2')], {
      expectedRevision: 'no_stream',
    });

    await until(async () => (await countsOf('steady')).f2 === 1, 'the projection that works');
    expect(await countsOf('fragile')).toEqual({});
    expect(running.progress.position('steady', 1)).toBe(appended.position);
    expect((running.progress.position('fragile', 1) ?? '') < appended.position).toBe(true);

    broken = false;
    await until(async () => (await countsOf('fragile')).f2 === 1, 'the failed projection to catch up');
    await stores.eventStore.append('isolated-1', [counted('f1')], { expectedRevision: 1 });
    await until(
      async () => (await countsOf('fragile')).f1 === 2 && (await countsOf('steady')).f1 === 2,
      'both to follow live events again',
    );
    await running.stop();
    expect(await countsOf('fragile')).toEqual(await countsOf('steady'));
  });

  it('builds a model that is behind on its own reads while the others follow live events, then lets it join them', async () => {
    const steady: Projection<Tally> = { ...tally(1), name: 'steady-builds' };
    const grower: Projection<Tally> = { ...tally(1), name: 'grower' };
    const countsOf = async (name: string) =>
      Object.fromEntries(
        (await stores.readStore.collection<Tally>(physicalCollection(name, 1)).find()).map((doc) => [
          doc.id,
          doc.count,
        ]),
      );
    const first = await stores.eventStore.append('grow-1', [counted('g1'), counted('g2')], {
      expectedRevision: 'no_stream',
    });
    const alone = startProjectionRunner({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projections: [steady],
      logger,
    });
    await until(
      async () => (alone.progress.position('steady-builds', 1) ?? '') >= first.position,
      'the first model to be live',
    );
    await alone.stop();

    // The reader starts where the live model is; the new one starts from the first event and catches up apart.
    const both = startProjectionRunner({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projections: [steady, grower],
      logger,
    });
    const later = await stores.eventStore.append('grow-1', [counted('g1')], { expectedRevision: 1 });
    await until(
      async () => (await activeVersion(stores.readStore, 'grower')) === 1,
      'the new model to be built and made active',
    );
    await until(
      async () =>
        (both.progress.position('grower', 1) ?? '') >= later.position &&
        (both.progress.position('steady-builds', 1) ?? '') >= later.position,
      'both to pass the later event',
    );
    await both.stop();
    expect(await countsOf('grower')).toEqual(await countsOf('steady-builds'));
    expect((await countsOf('grower')).g1).toBe(2);
  });

  it('applies a live batch to every model that follows the reader in one write', async () => {
    let writes = 0;
    const counting: typeof stores.readStore = {
      ...stores.readStore,
      writeAcross: (...args) => {
        writes += 1;
        return stores.readStore.writeAcross(...args);
      },
    };
    const models = [
      { ...tally(1), name: 'together-a' },
      { ...tally(1), name: 'together-b' },
      { ...tally(1), name: 'together-c' },
    ] as Projection[];
    const running = startProjectionRunner({ ...stores, readStore: counting, projections: models, logger });
    const head = await stores.eventStore.headPosition();
    const at = (position: string) => async () =>
      models.every((model) => (running.progress.position(model.name, 1) ?? '') >= position);
    await until(at(head), 'every model to reach the reader');
    await new Promise((resolve) => setTimeout(resolve, 100));
    writes = 0;
    const appended = await stores.eventStore.append('together-1', [counted('together')], {
      expectedRevision: 'no_stream',
    });
    await until(at(appended.position), 'the live batch');
    expect(writes).toBe(1);
    await running.stop();
  });

  it('tells waiters in this process when a batch with their position has committed', async () => {
    const running = runProjection({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projection: tally(1),
      logger,
    });
    const appended = await stores.eventStore.append('told-1', [counted('t')], { expectedRevision: 'no_stream' });
    await new Promise<void>((resolve) => {
      const check = () => {
        if ((running.progress.position('tally', 1) ?? '') >= appended.position) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = running.progress.onAdvance(check);
      check();
    });
    // Committed before the waiter was told: a read now sees the document and the checkpoint.
    expect((await counts(1)).t).toBe(1);
    expect((await stores.readStore.getCheckpoint(checkpointName('tally', 1)))! >= appended.position).toBe(true);
    expect(running.progress.position('tally', 2)).toBeNull();
    await running.stop();
  });

  it('keeps the position of the last event that changed a document apart from the checkpoint', async () => {
    const appended = await stores.eventStore.append(
      'tally-3',
      [counted('e'), { type: 'SomethingElse', data: {}, metadata }],
      { expectedRevision: 'no_stream' },
    );
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readStream('tally-3')) events.push(event);
    await applyOnce(new LiveModel(tally(1) as Projection), events);
    expect(await stores.readStore.getCheckpoint(checkpointName('tally', 1))).toBe(appended.position);
    expect(await stores.readStore.getCheckpoint(lastChangeName('tally', 1))).toBe(events[0]!.position);
  });

  it('routes an event by a query that sees the earlier events of its own batch', async () => {
    interface Member extends StoredDocument {
      group: string;
    }
    // A group's members are found by query when the group is disbanded, as a deleted product's details are.
    const members: Projection<Member> = {
      name: 'members',
      version: 1,
      documentIds: async (event, documents) => {
        const { key, group } = event.data as { key?: string; group: string };
        if (event.type === 'Joined') return [key!];
        return (await documents.find({ where: { group } })).map((member) => member.id);
      },
      project: (member, event) =>
        event.type === 'Joined'
          ? { id: (event.data as { key: string }).key, group: (event.data as { group: string }).group }
          : null,
    };
    const event = (type: string, data: object): NewEvent => ({ type, data, metadata });
    await stores.eventStore.append(
      'members-1',
      [event('Joined', { key: 'm1', group: 'g1' }), event('Joined', { key: 'm2', group: 'g2' })],
      {
        expectedRevision: 'no_stream',
      },
    );
    const first: RecordedEvent[] = [];
    for await (const recorded of stores.eventStore.readStream('members-1')) first.push(recorded);
    const model = new LiveModel(members as Projection);
    await applyOnce(model, first);

    await stores.eventStore.append(
      'members-1',
      [event('Joined', { key: 'm3', group: 'g1' }), event('Disbanded', { group: 'g1' })],
      { expectedRevision: 1 },
    );
    const second: RecordedEvent[] = [];
    for await (const recorded of stores.eventStore.readStream('members-1', { fromRevision: 2 })) second.push(recorded);
    await applyOnce(model, second);

    const left = await stores.readStore.collection<Member>(physicalCollection('members', 1)).find();
    expect(left.map((member) => member.id)).toEqual(['m2']);
  });

  it('routes an event by the id of a document written earlier in its own batch or in an earlier one', async () => {
    interface Pointed extends StoredDocument {
      target?: string;
      bumps?: number;
    }
    // A pointer document names the document later events are about, as best-sellers' open orders name their day.
    const pointers: Projection<Pointed> = {
      name: 'pointers',
      version: 1,
      documentIds: async (event, documents) => {
        const { key, target } = event.data as { key: string; target?: string };
        if (event.type === 'Linked') return [`pointer-${key}`, target!];
        const pointer = await documents.get(`pointer-${key}`);
        return pointer ? [pointer.target!] : [];
      },
      project: (document, event, id) => {
        const { key, target } = event.data as { key: string; target?: string };
        if (id === `pointer-${key}`) return { id, target: target! };
        return { id, bumps: (document?.bumps ?? 0) + (event.type === 'Bumped' ? 1 : 0) };
      },
    };
    const event = (type: string, data: object): NewEvent => ({ type, data, metadata });
    // One model across both batches, as the runner keeps it (its documents cached), and a fresh one reading the store.
    const model = new LiveModel(pointers as Projection);
    const batch = async (fromRevision: number, on = model) => {
      const events: RecordedEvent[] = [];
      for await (const recorded of stores.eventStore.readStream('pointers-1', { fromRevision })) events.push(recorded);
      await applyOnce(on, events);
    };
    await stores.eventStore.append(
      'pointers-1',
      [event('Linked', { key: 'k1', target: 't1' }), event('Bumped', { key: 'k1' })],
      { expectedRevision: 'no_stream' },
    );
    await batch(0);
    await stores.eventStore.append(
      'pointers-1',
      [event('Bumped', { key: 'k1' }), event('Bumped', { key: 'unknown' })],
      { expectedRevision: 1 },
    );
    await batch(2);
    await stores.eventStore.append('pointers-1', [event('Bumped', { key: 'k1' })], { expectedRevision: 3 });
    await batch(4, new LiveModel(pointers as Projection));

    const documents = await stores.readStore.collection<Pointed>(physicalCollection('pointers', 1)).find();
    expect(documents.map(({ id, target, bumps }) => ({ id, target, bumps }))).toEqual([
      { id: 'pointer-k1', target: 't1', bumps: undefined },
      { id: 't1', target: undefined, bumps: 3 },
    ]);
  });

  it('rebuilds a new version into a fresh collection while readers keep the old one, then swaps', async () => {
    const v1 = await counts(1);
    const rebuilt = runProjection({
      eventStore: stores.eventStore,
      readStore: stores.readStore,
      projection: tally(2),
      logger,
    });
    await until(async () => (await activeVersion(stores.readStore, 'tally')) === 2, 'the swap to version 2');
    await rebuilt.stop();
    expect(await counts(2)).toEqual(v1);
    const labels = (await stores.readStore.collection<Tally>(physicalCollection('tally', 2)).find()).map(
      (doc) => doc.label,
    );
    expect(new Set(labels)).toEqual(new Set(['v2']));
    expect(await stores.readStore.collection(physicalCollection('tally', 1)).count()).toBe(0);
  });

  // On PostgreSQL (its statistics are what is checked).
  it.skipIf(process.env[TEST_MONGODB_URL_ENV])(
    'analyses the table of a version it built before making it live, so the planner knows its rows',
    async () => {
      const analysed = { ...tally(1), name: 'analysed' };
      await stores.eventStore.append('analysed-1', [counted('x'), counted('y'), counted('z')], {
        expectedRevision: 'no_stream',
      });
      const runner = runProjection({
        eventStore: stores.eventStore,
        readStore: stores.readStore,
        projection: analysed,
        logger,
      });
      try {
        await until(async () => (await activeVersion(stores.readStore, 'analysed')) === 1, 'version 1 to be active');
      } finally {
        await runner.stop();
      }
      const pg = await import('pg');
      const client = new pg.default.Client({ connectionString: stores.databaseUrl });
      await client.connect();
      try {
        // -1 for a table never analysed; an ANALYZE of the empty table (when it was made) left 0.
        const { rows } = await client.query<{ reltuples: number }>(
          'SELECT reltuples FROM pg_class WHERE oid = to_regclass($1)',
          [`read_store."${physicalCollection('analysed', 1)}"`],
        );
        expect(rows[0]!.reltuples).toBeGreaterThanOrEqual(3);
      } finally {
        await client.end();
      }
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/postgres.ts';
import { createPostgresEventStore, type PostgresEventStore } from './postgres/postgres-event-store.ts';
import { START, type Position } from './port.ts';
import { createSubscriptionRuntime, type Agent, type AgentBatch } from './subscription-runtime.ts';

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase('labshop_runtime');
  store = createPostgresEventStore({ connectionString: database.url, maxConnections: 8 });
  await store.migrate();
});

afterAll(async () => {
  await store.close();
  await database.drop();
});

const metadata = {
  actor: { kind: 'system' as const, id: 'test', email: '' },
  correlationId: 'c',
  causationId: 'c',
  occurredAt: new Date().toISOString(),
};
const append = (stream: string, ...types: string[]) =>
  store.append(
    stream,
    types.map((type) => ({ type, data: {}, metadata })),
    { expectedRevision: 'any' },
  );

async function until(check: () => boolean, what: string) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An agent that records the events it handled and keeps its checkpoint in `checkpoints` (as a read store would). */
function recorder(name: string, options: Partial<Agent> & { fails?: (batch: AgentBatch) => boolean } = {}) {
  const handled: string[] = [];
  const batches: AgentBatch[] = [];
  const checkpoint = { position: START as Position };
  const agent: Agent = {
    name,
    retry: { initialDelayMs: 10, maxDelayMs: 50 },
    resume: async () => checkpoint.position,
    async handle(batch) {
      if (options.fails?.(batch)) throw new Error(`${name} failed`);
      batches.push(batch);
      handled.push(...batch.events.map((event) => `${event.stream}:${event.type}`));
      checkpoint.position = batch.through;
    },
    ...options,
  };
  return { agent, handled, batches, checkpoint };
}

describe('subscription runtime', () => {
  it('hands every agent the events of its types past its own checkpoint, from one reader', async () => {
    await append('independent', 'A', 'B');
    const runtime = createSubscriptionRuntime(store);
    const all = recorder('all');
    const onlyB = recorder('only B', { types: ['B'] });
    // This one has handled the log up to here already, in an earlier run.
    const resumed = recorder('resumed');
    resumed.checkpoint.position = (await append('independent', 'A')).position;
    const running = runtime.start([all.agent, onlyB.agent, resumed.agent]);
    await running.caughtUp();

    await append('independent', 'B', 'C');
    await until(() => all.handled.length === 5 && onlyB.handled.length === 2, 'the live events');
    await until(() => resumed.handled.length === 2, 'the resumed agent');
    expect(all.handled).toEqual(['independent:A', 'independent:B', 'independent:A', 'independent:B', 'independent:C']);
    expect(onlyB.handled).toEqual(['independent:B', 'independent:B']);
    expect(resumed.handled).toEqual(['independent:B', 'independent:C']);
    // Each checkpoint is its own; all three are at the end now.
    expect(new Set([all, onlyB, resumed].map((agent) => agent.checkpoint.position)).size).toBe(1);
    await running.stop();
  });

  it('leaves a failing agent behind and retries it from its checkpoint with backoff, while the others go on', async () => {
    const runtime = createSubscriptionRuntime(store);
    let broken = true;
    const retries: number[] = [];
    const steady = recorder('steady');
    steady.checkpoint.position = await store.headPosition();
    const fragile = recorder('fragile', {
      fails: (batch) => broken && batch.events.some((event) => event.type === 'Boom'),
      onFailure: (_error, _failures, retryInMs) => retries.push(retryInMs),
    });
    fragile.checkpoint.position = steady.checkpoint.position;
    const running = runtime.start([steady.agent, fragile.agent]);
    await running.caughtUp();

    await append('isolated', 'Ok', 'Boom');
    await append('isolated', 'After');
    await until(() => steady.handled.length === 3, 'the steady agent');
    await until(() => retries.length >= 3, 'retries');
    expect(fragile.handled).toEqual([]);
    expect(running.failure).toEqual(new Error('fragile failed'));
    // 10 ms doubling, capped at 50, each within its jitter.
    expect(retries[0]).toBeLessThanOrEqual(12);
    expect(retries[1]).toBeGreaterThanOrEqual(16);

    broken = false;
    await until(() => fragile.handled.length === 3, 'the failed agent to catch up');
    expect(fragile.handled).toEqual(steady.handled);
    await append('isolated', 'Live');
    await until(() => fragile.handled.length === 4 && steady.handled.length === 4, 'both live again');
    expect(running.failure).toBeNull();
    await running.stop();
  });

  it('catches a lagging agent up on its own reads, a page at a time, without holding the others back', async () => {
    const runtime = createSubscriptionRuntime(store, 10);
    const head = await store.headPosition();
    for (let i = 0; i < 5; i++) await append('lagging', ...Array.from({ length: 10 }, () => 'Old'));
    const live = recorder('live');
    live.checkpoint.position = await store.headPosition();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const lagging = recorder('lagging');
    lagging.checkpoint.position = head;
    const slowHandle = lagging.agent.handle;
    // The lagging agent's second page waits until the live agent has handled a live event.
    lagging.agent.handle = async (batch) => {
      if (lagging.batches.length === 1) await held;
      await slowHandle(batch);
    };
    const running = runtime.start([live.agent, lagging.agent]);
    await until(() => lagging.batches.length === 1, 'the first page');
    await append('lagging', 'New');
    await until(() => live.handled.length === 1, 'the live agent, while the other catches up');
    release();
    await until(() => lagging.handled.length === 51, 'the lagging agent to catch up');
    expect(lagging.batches.slice(0, 5).map((batch) => batch.events.length)).toEqual([10, 10, 10, 10, 10]);
    expect(lagging.handled.at(-1)).toBe('lagging:New');
    await append('lagging', 'Newer');
    await until(() => lagging.handled.length === 52 && live.handled.length === 2, 'both live');
    await running.stop();
  });

  it('keeps the live batches for an agent finishing its catch-up, without waiting for its handler', async () => {
    const runtime = createSubscriptionRuntime(store);
    const behind = recorder('behind');
    behind.checkpoint.position = await store.headPosition();
    await append('joining', 'Before', 'Before');
    const live = recorder('live');
    live.checkpoint.position = await store.headPosition();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const handle = behind.agent.handle;
    behind.agent.handle = async (batch) => {
      await held;
      await handle(batch);
    };
    const running = runtime.start([live.agent, behind.agent]);
    await append('joining', 'During');
    // The other agent's last page (short of a full one) is in its handler: the live batch does not wait for it.
    await until(() => live.handled.length === 1, 'the live event');
    release();
    await running.caughtUp();
    expect(behind.handled).toEqual(['joining:Before', 'joining:Before', 'joining:During']);
    await append('joining', 'After');
    await until(() => behind.handled.length === 4, 'the joined agent');
    await running.stop();
  });

  it('stops cleanly: no batch runs after stop, and a restart resumes from the checkpoint', async () => {
    const runtime = createSubscriptionRuntime(store);
    const agent = recorder('stopping');
    agent.checkpoint.position = await store.headPosition();
    const running = runtime.start([agent.agent]);
    await running.caughtUp();
    await append('stopping', 'One');
    await until(() => agent.handled.length === 1, 'the first event');
    await running.stop();

    await append('stopping', 'Two');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(agent.handled).toEqual(['stopping:One']);

    const again = runtime.start([agent.agent]);
    await again.caughtUp();
    expect(agent.handled).toEqual(['stopping:One', 'stopping:Two']);
    await runtime.stop();
  });
});

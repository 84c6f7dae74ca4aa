import { backoffDelay, sleep, type BackoffPolicy } from '../backoff.ts';
import { START, type EventStore, type Position, type RecordedEvent } from './port.ts';

/** What an agent is handed: events of its types past its position, in the log's order. */
export interface AgentBatch {
  /** At least one. */
  events: readonly RecordedEvent[];
  /** The agent's position before them. */
  after: Position;
  /** Where the agent is once it has handled them: the last position read for it, which may lie past its last event. */
  through: Position;
}

/** One consumer of the log: a projection, a reactor, an in-memory fold. */
export interface Agent {
  name: string;
  /** The event types it handles; all when absent. */
  types?: readonly string[];
  /**
   * Where it resumes, called when it starts and again after each failure: its checkpoint as stored. Absent, it
   * resumes where the runtime last had it (START at first): an in-memory fold.
   */
  resume?(): Promise<Position>;
  /** Handles a batch; the runtime moves the agent's position to `through` once this resolves. A throw is a failure. */
  handle(batch: AgentBatch): Promise<void>;
  /** Waits between retries after failures (100 ms doubling to 5 s when absent). */
  retry?: BackoffPolicy;
  /** Told of each failure before the wait (the agent decides how loudly to log). */
  onFailure?(error: unknown, failures: number, retryInMs: number): void;
}

export interface RunningAgents {
  /**
   * Settles once every agent has reached the runtime's reader (an in-memory fold is then current); rejects at once
   * while one that has not reached it yet is failing.
   */
  caughtUp(): Promise<void>;
  /** The last failure of an agent that is failing now (until it handles events again or reaches the reader), or null. */
  readonly failure: unknown;
  /** Stops the agents; resolves once none of their batches is running. */
  stop(): Promise<void>;
}

export interface SubscriptionRuntime {
  start(agents: readonly Agent[]): RunningAgents;
  /** Stops every agent and the reader. */
  stop(): Promise<void>;
}

const DEFAULT_RETRY: BackoffPolicy = { initialDelayMs: 100, maxDelayMs: 5_000 };
/** Largest batch read at once, by the reader and by each catch-up page. */
export const RUNTIME_BATCH_SIZE = 500;

interface Running {
  agent: Agent;
  types: ReadonlySet<string> | null;
  position: Position;
  joined: boolean;
  reachedOnce: boolean;
  failures: number;
  lastError: unknown;
  stopping: AbortController;
  /** The live batches kept for it while it finishes its catch-up, from `joinAt` on. */
  held: (readonly RecordedEvent[])[] | null;
  joinAt: Position;
  /** Its catch-up (after a start or a failure); the live batch it is handling. */
  work: Promise<void>;
  live: Promise<void>;
  /** Told when it reaches the reader or fails. */
  changed: Set<() => void>;
}

const runtimes = new WeakMap<EventStore, SubscriptionRuntime>();

/** The store's one subscription runtime in this process (made at first use). */
export function subscriptionRuntime(store: EventStore): SubscriptionRuntime {
  let runtime = runtimes.get(store);
  if (!runtime) runtimes.set(store, (runtime = createSubscriptionRuntime(store)));
  return runtime;
}

/**
 * Runs agents over one reader of the store's tail (a subscription to every event, from the head when the first agent
 * starts). Each live batch is read once and handed to every agent that has reached the reader (`joined`), all at once;
 * the next batch is read when they are done. Each agent has its own position (its checkpoint, stored by the agent):
 * one behind the reader (just started, or after a failure) catches up on its own reads, a page at a time, and joins
 * the reader once it reaches it, never holding the live batches meanwhile. An agent whose batch throws leaves the live
 * batches and is retried from its checkpoint with backoff; the others go on.
 */
export function createSubscriptionRuntime(store: EventStore, batchSize = RUNTIME_BATCH_SIZE): SubscriptionRuntime {
  const agents = new Set<Running>();
  /** The position of the last live batch (every joined agent is there); null until the reader has read the head. */
  let cursor: Position | null = null;
  const cursorKnown = new Set<() => void>();
  let reader: { stopping: AbortController; done: Promise<void> } | null = null;

  // Live batches, and an agent's steps into them (no handler: that runs outside), one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const tell = (running: Running) => running.changed.forEach((listener) => listener());

  function startReader() {
    const stopping = new AbortController();
    const previous = reader?.done ?? Promise.resolve();
    const done = (async () => {
      await previous;
      let failures = 0;
      while (!stopping.signal.aborted) {
        try {
          if (cursor === null) {
            cursor = await store.headPosition();
            cursorKnown.forEach((listener) => listener());
          }
          const subscription = store.subscribe({ after: cursor, maxBatchSize: batchSize }, (events) =>
            exclusive(async () => {
              await deliver(events);
              failures = 0;
            }),
          );
          const stop = () => void subscription.stop();
          stopping.signal.addEventListener('abort', stop, { once: true });
          try {
            await subscription.done;
          } finally {
            stopping.signal.removeEventListener('abort', stop);
          }
          if (!stopping.signal.aborted) throw new Error('The subscription to the log ended');
        } catch (error) {
          if (stopping.signal.aborted) break;
          // The reader failed: so did every agent it read for, each retried on its own; the reader reads on.
          for (const running of agents) if (running.joined) failed(running, error);
          failures += 1;
          await sleep(backoffDelay(failures, DEFAULT_RETRY), stopping.signal);
        }
      }
    })();
    reader = { stopping, done };
  }

  async function stopReader() {
    const current = reader;
    if (!current) return;
    current.stopping.abort();
    await current.done;
    if (reader === current) {
      reader = null;
      cursor = null;
    }
  }

  /** A live batch to every joined agent at once (each handler started in this same turn). */
  async function deliver(events: readonly RecordedEvent[]) {
    const through = events.at(-1)!.position;
    const joined = [...agents].filter((running) => running.joined);
    for (const running of agents) running.held?.push(events);
    await Promise.all(joined.map((running) => (running.live = handleLive(running, events, through))));
    cursor = through;
  }

  function handleLive(running: Running, events: readonly RecordedEvent[], through: Position): Promise<void> {
    const due = eventsFor(running, events);
    if (due.length === 0) {
      if (running.position < through) running.position = through;
      return Promise.resolve();
    }
    const handled = (async () => running.agent.handle({ events: due, after: running.position, through }))();
    return handled.then(
      () => {
        running.position = through;
        running.lastError = null;
      },
      (error: unknown) => {
        if (!running.stopping.signal.aborted) failed(running, error);
      },
    );
  }

  /** Its types past its position; the batch itself (the same array for every such agent) when that is all of it. */
  function eventsFor({ types, position }: Running, events: readonly RecordedEvent[]): readonly RecordedEvent[] {
    if (types === null && events[0]!.position > position) return events;
    return events.filter((event) => event.position > position && (types === null || types.has(event.type)));
  }

  /** Counts and reports a failure; answers how long to wait before the retry. */
  function noteFailure(running: Running, error: unknown): number {
    running.failures += 1;
    running.lastError = error ?? new Error('failed');
    const retryInMs = backoffDelay(running.failures, running.agent.retry ?? DEFAULT_RETRY);
    running.agent.onFailure?.(error, running.failures, retryInMs);
    tell(running);
    return retryInMs;
  }

  /** Leaves the live batches; retried from its checkpoint after the backoff. */
  function failed(running: Running, error: unknown) {
    running.joined = false;
    const retryInMs = noteFailure(running, error);
    const earlier = running.work;
    running.work = (async () => {
      await earlier;
      await sleep(retryInMs, running.stopping.signal);
      await run(running);
    })();
  }

  /** Resumes the agent and catches it up until it joins the reader (or stops), retrying failures with backoff. */
  async function run(running: Running): Promise<void> {
    const { signal } = running.stopping;
    while (!signal.aborted) {
      try {
        if (running.agent.resume) running.position = await running.agent.resume();
        if (await catchUp(running)) return;
      } catch (error) {
        if (signal.aborted) return;
        await sleep(noteFailure(running, error), signal);
      }
    }
  }

  async function readPage({ types, position }: Running): Promise<RecordedEvent[]> {
    const page: RecordedEvent[] = [];
    const options = { after: position, limit: batchSize, ...(types && { types: [...types] }) };
    for await (const event of store.readAll(options)) page.push(event);
    return page;
  }

  async function handleCatchUp(running: Running, events: readonly RecordedEvent[], through: Position) {
    const due = events.filter((event) => event.position > running.position);
    if (due.length > 0) {
      await running.agent.handle({ events: due, after: running.position, through });
      running.lastError = null;
    }
    if (running.position < through) running.position = through;
  }

  /**
   * Reads on from the agent's position; true once it has joined the reader, false when stopped. Once a page reaches
   * the reader, the live batches from there on are kept for the agent (`held`) while it reads up to where they begin;
   * it then handles them, and joins when none is left: no handler runs while the live batches wait.
   */
  async function catchUp(running: Running): Promise<boolean> {
    const { signal } = running.stopping;
    await untilCursorKnown(signal);
    try {
      for (;;) {
        if (signal.aborted) return false;
        const joinAt = running.held ? running.joinAt : cursor!;
        const page = await readPage(running);
        const due = page.filter((event) => event.position <= joinAt);
        const reaches = page.length < batchSize || page.at(-1)!.position >= joinAt;
        if (!reaches) {
          await handleCatchUp(running, due, due.at(-1)!.position);
          continue;
        }
        if (!running.held) {
          // Where the kept batches will begin, set while none is being delivered; the page is read again up to it.
          await exclusive(async () => {
            running.joinAt = cursor!;
            running.held = [];
          });
          continue;
        }
        await handleCatchUp(running, due, joinAt);
        for (;;) {
          if (signal.aborted) return false;
          const held = await exclusive(async () => {
            const batches = running.held!;
            if (batches.length === 0) {
              running.held = null;
              running.joined = true;
            } else running.held = [];
            return batches;
          });
          if (held.length === 0) break;
          const events = held.flat().filter((event) => running.types === null || running.types.has(event.type));
          await handleCatchUp(running, events, held.at(-1)!.at(-1)!.position);
        }
        running.failures = 0;
        running.reachedOnce = true;
        running.lastError = null;
        tell(running);
        return true;
      }
    } finally {
      if (!running.joined) running.held = null;
    }
  }

  function untilCursorKnown(signal: AbortSignal): Promise<void> {
    if (cursor !== null || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        cursorKnown.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      cursorKnown.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async function stopAgent(running: Running) {
    running.stopping.abort();
    running.joined = false;
    agents.delete(running);
    tell(running);
    await Promise.all([running.work, running.live]);
  }

  return {
    start(list) {
      const started = list.map((agent): Running => ({
        agent,
        types: agent.types ? new Set(agent.types) : null,
        position: START,
        joined: false,
        held: null,
        joinAt: START,
        reachedOnce: false,
        failures: 0,
        lastError: null,
        stopping: new AbortController(),
        work: Promise.resolve(),
        live: Promise.resolve(),
        changed: new Set(),
      }));
      if (agents.size === 0) startReader();
      for (const running of started) {
        agents.add(running);
        running.work = run(running);
      }
      return {
        caughtUp() {
          return new Promise<void>((resolve, reject) => {
            const check = () => {
              const failing = started.find(
                (running) => !running.reachedOnce && (running.lastError !== null || running.stopping.signal.aborted),
              );
              if (failing)
                reject(new Error(`${failing.agent.name} is not following the log`, { cause: failing.lastError }));
              else if (started.every((running) => running.reachedOnce)) resolve();
              else return;
              started.forEach((running) => running.changed.delete(check));
            };
            started.forEach((running) => running.changed.add(check));
            check();
          });
        },
        get failure() {
          return started.find((running) => running.lastError !== null)?.lastError ?? null;
        },
        async stop() {
          await Promise.all(started.map(stopAgent));
          if (agents.size === 0) await stopReader();
        },
      };
    },
    async stop() {
      await Promise.all([...agents].map(stopAgent));
      await stopReader();
    },
  };
}

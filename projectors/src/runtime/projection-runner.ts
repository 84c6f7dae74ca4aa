import { START, type EventStore, type Position, type RecordedEvent } from '@labshop/platform/event-store/port';
import { startConsumerLoop } from '@labshop/platform/event-store/consumer-loop';
import { backoffDelay, sleep } from '@labshop/platform/backoff';
import { isDatabaseUnavailable } from '@labshop/platform/database-unavailable';
import type { ReadStore } from '@labshop/platform/read-store/port';
import type { Logger } from '@labshop/platform/logger';
import type { Projection, ProjectionProgress } from '@labshop/platform/read-store/projection';
import { applyBatch, type BatchOutcome } from './apply-batch.ts';
import { activeVersion, physicalCollection, setActiveVersion } from '@labshop/platform/read-store/generations';
import { LiveModel } from './live-model.ts';

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
  /** Largest batch read at once (500): a batch holds what arrived since the last one, so it grows under load. */
  maxBatchSize?: number;
  /** Documents each model keeps in memory between batches. */
  cacheSize?: number;
}

export interface ProjectionRunner {
  progress: ProjectionProgress;
  stop(): Promise<void>;
}

const RETRY = { initialDelayMs: 100, maxDelayMs: 5_000 };

interface Runner {
  model: LiveModel;
  /** Folds the live batches; false while it catches up on its own (a version being built, after a failure, after a reset). */
  joined: boolean;
  /** A version readers do not use yet: made active once it reaches `head`, the previous version's collection dropped. */
  building: boolean;
  head: Position;
  previous: number | null;
  failures: number;
  catchingUp: Promise<void> | null;
}

/**
 * Keeps every read model up to date with one reader: each batch of events is read once and folded by every model
 * (`applyBatch`), all document writes and all checkpoints in one guarded `writeAcross`, the documents cached across
 * batches. When it is stored, waiters on `progress` are told at once (read-your-writes in this process).
 * A model that is behind the reader (a new version built from the first event, a model whose projection failed, a
 * checkpoint set back) catches up on its own reads, between the live batches, and joins them when it reaches the
 * reader; meanwhile the others go on. A projection that throws is left out of the batch and retried from its
 * checkpoint with backoff (100 ms doubling to 5 s); a failing statement fails the batch, which is read again from
 * the checkpoints (the consumer loop's backoff).
 */
export function startProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore, logger } = options;
  const batchSize = options.maxBatchSize ?? 500;
  const runners = options.projections.map((projection): Runner => ({
    model: new LiveModel(projection, options.cacheSize),
    joined: false,
    building: false,
    head: START,
    previous: null,
    failures: 0,
    catchingUp: null,
  }));
  const log = (runner: Runner) => logger.child({ projection: runner.model.name, version: runner.model.version });
  const listeners = new Set<() => void>();
  const advanced = () => {
    for (const listener of listeners) listener();
  };
  /** The position of the last batch the reader handed over (all joined models are there). */
  let cursor: Position = START;
  let loaded = false;
  /** Bumped whenever the reader (re)opens: catch-ups of an earlier opening stop. */
  let opening = 0;
  let stopped = false;
  const stopping = new AbortController();

  // Live batches, catch-up steps and (re)openings run one at a time.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  async function settle(outcome: BatchOutcome): Promise<void> {
    for (const pending of outcome.applied) pending.model.committed(pending);
    for (const { model, error } of outcome.failed) {
      const runner = runners.find((candidate) => candidate.model === model)!;
      runner.failures += 1;
      const retryInMs = backoffDelay(runner.failures, RETRY);
      log(runner).error(
        { err: error, retryInMs },
        'projection failed; it is left behind and retried from its checkpoint, the others go on',
      );
      fallBehind(runner, retryInMs);
    }
    for (const model of outcome.behind)
      fallBehind(
        runners.find((candidate) => candidate.model === model)!,
        0,
      );
    for (const runner of runners) await swapIfCaughtUp(runner);
    if (outcome.applied.length > 0) advanced();
  }

  async function swapIfCaughtUp(runner: Runner): Promise<void> {
    if (!runner.building || runner.model.checkpoint < runner.head) return;
    const { name, version } = runner.model;
    // Filled since its table was made (and analysed, empty): its statistics first, so readers' plans fit it.
    await readStore.analyzeCollection(runner.model.collectionName);
    await readStore.transaction((session) => setActiveVersion(session, name, version));
    runner.building = false;
    log(runner).info('projection is live');
    if (runner.previous !== null) await readStore.dropCollection(physicalCollection(name, runner.previous));
    runner.previous = version;
  }

  function fallBehind(runner: Runner, delayMs: number): void {
    runner.joined = false;
    // After the model's earlier catch-up, which ends at once when it belongs to an earlier opening of the reader.
    const earlier = runner.catchingUp;
    const openedAs = opening;
    const next = (async () => {
      await earlier;
      await catchUp(runner, openedAs, delayMs);
    })();
    runner.catchingUp = next;
    void next.finally(() => {
      if (runner.catchingUp === next) runner.catchingUp = null;
    });
  }

  /** Reads on from the model's checkpoint, a page at a time, until it reaches the reader; then it joins. */
  async function catchUp(runner: Runner, openedAs: number, delayMs: number): Promise<void> {
    const current = () => !stopped && opening === openedAs && !runner.joined;
    await sleep(delayMs, stopping.signal);
    while (current()) {
      try {
        const after = runner.model.checkpoint;
        const page: RecordedEvent[] = [];
        for await (const event of eventStore.readAll({ after, limit: batchSize })) page.push(event);
        await exclusive(async () => {
          if (!current() || runner.model.checkpoint !== after) return;
          const due = page.filter((event) => event.position <= cursor);
          // Every event up to the reader is in the page (or the page ends before the reader and there is more).
          const reaches = page.length < batchSize || page.at(-1)!.position >= cursor;
          // Nothing of the page past its last event concerns the model when the page reaches the reader: it is there.
          const outcome = await applyBatch(readStore, [runner.model], after, due, {
            ...(reaches && { reaching: cursor }),
          });
          if (outcome.failed.length > 0) throw outcome.failed[0]!.error;
          if (outcome.behind.length > 0) return;
          for (const pending of outcome.applied) pending.model.committed(pending);
          if (reaches) {
            runner.joined = true;
            runner.failures = 0;
          }
          await swapIfCaughtUp(runner);
          if (outcome.applied.length > 0) advanced();
        });
      } catch (error) {
        if (!current()) return;
        runner.model.reset();
        runner.failures += 1;
        const retryInMs = backoffDelay(runner.failures, RETRY);
        if (isDatabaseUnavailable(error))
          log(runner).warn(
            { error: (error as Error).message, retryInMs },
            'database unavailable; projection resumes from its checkpoint when it is back',
          );
        else log(runner).error({ err: error, retryInMs }, 'projection failed; retrying from its checkpoint');
        await sleep(retryInMs, stopping.signal);
      }
    }
  }

  async function open(healthy: () => void) {
    return exclusive(async () => {
      opening += 1;
      for (const runner of runners) {
        const { model } = runner;
        await readStore.indexFields(model.collectionName, model.projection.indexedFields ?? []);
        model.reset();
        model.checkpoint = (await readStore.getCheckpoint(model.checkpointKey)) ?? START;
        runner.previous = await activeVersion(readStore, model.name);
        runner.building = runner.previous !== model.version;
        runner.head = runner.building ? await eventStore.headPosition() : START;
        if (runner.building)
          log(runner).info({ from: model.checkpoint || 'start', head: runner.head }, 'building projection');
        await swapIfCaughtUp(runner);
      }
      cursor = runners.reduce(
        (highest, runner) => (runner.model.checkpoint > highest ? runner.model.checkpoint : highest),
        START,
      );
      for (const runner of runners) {
        runner.joined = runner.model.checkpoint >= cursor;
        if (!runner.joined) fallBehind(runner, 0);
      }
      loaded = true;
      advanced();
      return eventStore.subscribe({ after: cursor, maxBatchSize: batchSize }, (events) =>
        exclusive(async () => {
          const joined = runners.filter((runner) => runner.joined).map((runner) => runner.model);
          const outcome = await applyBatch(readStore, joined, cursor, events);
          cursor = events.at(-1)!.position;
          await settle(outcome);
          healthy();
        }),
      );
    });
  }

  const loop = startConsumerLoop({
    open,
    retry: RETRY,
    onFailure: (error, _failures, retryInMs) => {
      // The database away is weather: the runner waits and resumes from the checkpoints; a warning says so.
      if (isDatabaseUnavailable(error))
        logger.warn(
          { error: (error as Error).message, retryInMs },
          'database unavailable; projections resume from their checkpoints when it is back',
        );
      else logger.error({ err: error, retryInMs }, 'projection batch failed; reading again from the checkpoints');
    },
  });

  return {
    progress: {
      position(name, version) {
        if (!loaded) return null;
        return (
          runners.find((runner) => runner.model.name === name && runner.model.version === version)?.model.checkpoint ??
          null
        );
      },
      onAdvance(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    async stop() {
      stopped = true;
      stopping.abort();
      await loop.stop();
      await Promise.all(runners.map((runner) => runner.catchingUp));
    },
  };
}

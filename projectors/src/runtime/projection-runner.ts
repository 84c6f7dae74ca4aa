import { START, type EventStore, type Position, type RecordedEvent } from '@labshop/platform/event-store/port';
import { subscriptionRuntime, type Agent, type AgentBatch } from '@labshop/platform/event-store/subscription-runtime';
import { isDatabaseUnavailable } from '@labshop/platform/database-unavailable';
import type { ReadStore } from '@labshop/platform/read-store/port';
import type { Logger } from '@labshop/platform/logger';
import type { Projection, ProjectionProgress } from '@labshop/platform/read-store/projection';
import { applyBatch } from './apply-batch.ts';
import { activeVersion, physicalCollection, setActiveVersion } from '@labshop/platform/read-store/generations';
import { LiveModel } from './live-model.ts';

export interface ProjectionRunnerOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
  /** Documents each model keeps in memory between batches. */
  cacheSize?: number;
}

export interface ProjectionRunner {
  progress: ProjectionProgress;
  stop(): Promise<void>;
}

interface Runner {
  model: LiveModel;
  /** Its checkpoint has been read (progress answers for it). */
  loaded: boolean;
  /** A version readers do not use yet: made active once it reaches `head`, the previous version's collection dropped. */
  building: boolean;
  head: Position;
  previous: number | null;
}

/** A model's checkpoint found set back by another writer (by hand): it resumes from there. */
class CheckpointMoved extends Error {}

interface Handed {
  runner: Runner;
  batch: AgentBatch;
  settle(error?: unknown): void;
}

/**
 * Every read model as an agent of the store's subscription runtime (its checkpoint its own, a failing projection
 * retried on its own while the others go on), applied together: the runtime hands a live batch to every model that
 * has reached its reader in the same turn, and the models given the same events after the same position fold them in
 * one `applyBatch` (one `getAcross`, one guarded `writeAcross` for all of them). When it is stored, waiters on
 * `progress` are told at once (read-your-writes in this process).
 */
export function startProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore, logger } = options;
  const runners = options.projections.map((projection): Runner => ({
    model: new LiveModel(projection, options.cacheSize),
    loaded: false,
    building: false,
    head: START,
    previous: null,
  }));
  const log = (runner: Runner) => logger.child({ projection: runner.model.name, version: runner.model.version });
  const listeners = new Set<() => void>();
  const advanced = () => {
    for (const listener of listeners) listener();
  };

  let handed: Handed[] = [];
  /** Collects the batches handed over in this turn; they are applied together once it ends. */
  function together(runner: Runner, batch: AgentBatch): Promise<void> {
    return new Promise((resolve, reject) => {
      if (handed.length === 0) queueMicrotask(applyHanded);
      handed.push({ runner, batch, settle: (error) => (error === undefined ? resolve() : reject(error)) });
    });
  }

  function applyHanded() {
    const groups: Handed[][] = [];
    for (const one of handed) {
      const group = groups.find(
        ([first]) => first!.batch.events === one.batch.events && first!.batch.after === one.batch.after,
      );
      if (group) group.push(one);
      else groups.push([one]);
    }
    handed = [];
    for (const group of groups) void applyGroup(group);
  }

  async function applyGroup(group: Handed[]) {
    const { events, after, through } = group[0]!.batch;
    try {
      const outcome = await applyBatch(
        readStore,
        group.map(({ runner }) => runner.model),
        after,
        events as RecordedEvent[],
        { reaching: through },
      );
      for (const pending of outcome.applied) pending.model.committed(pending);
      for (const { runner, settle } of group) {
        const failed = outcome.failed.find(({ model }) => model === runner.model);
        if (failed) settle(failed.error);
        else if (outcome.behind.includes(runner.model)) settle(new CheckpointMoved('checkpoint set back meanwhile'));
        else await swapIfCaughtUp(runner).then(() => settle(), settle);
      }
      if (outcome.applied.length > 0) advanced();
    } catch (error) {
      for (const { settle } of group) settle(error);
    }
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

  const agent = (runner: Runner): Agent => ({
    name: `projection ${runner.model.name} v${runner.model.version}`,
    async resume() {
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
      runner.loaded = true;
      advanced();
      return model.checkpoint;
    },
    handle: (batch) => together(runner, batch),
    onFailure(error, failures, retryInMs) {
      // The database away is weather: the model waits and resumes from its checkpoint; one warning says so.
      if (isDatabaseUnavailable(error)) {
        if (failures === 1)
          log(runner).warn(
            { error: (error as Error).message, retryInMs },
            'database unavailable; projection resumes from its checkpoint when it is back',
          );
      } else if (error instanceof CheckpointMoved)
        log(runner).info({ retryInMs }, 'checkpoint set back by another writer; catching up from it');
      else
        log(runner).error(
          { err: error, retryInMs },
          'projection failed; it is left behind and retried from its checkpoint, the others go on',
        );
    },
  });

  const running = subscriptionRuntime(eventStore).start(runners.map(agent));
  return {
    progress: {
      position(name, version) {
        const runner = runners.find(({ model }) => model.name === name && model.version === version);
        return runner?.loaded ? runner.model.checkpoint : null;
      },
      onAdvance(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    stop: () => running.stop(),
  };
}

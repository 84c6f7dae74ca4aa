import { START, type Position } from '@labshop/platform/event-store/port';
import type { Collection, ReadStore, StoredDocument } from '@labshop/platform/read-store/port';
import {
  activeVersion,
  checkpointName,
  lastChangeName,
  physicalCollection,
} from '@labshop/platform/read-store/generations';
import type { ProjectionProgress } from '@labshop/platform/read-store/projection';
import type { ReadModel } from '@labshop/contracts/read-model';

const VERSION_CACHE_MS = 1_000;
const POLL_MS = 20;

/**
 * Reads of the projections' documents, always from the version readers should use (it changes
 * when a rebuilt version is swapped in), and the read-your-writes wait. With `runner` (the projection
 * runner of this process, as `npm start` runs it) a waiter is woken when the runner commits its position;
 * without it (the query API as a service of its own, in docker compose) or for a version this process does
 * not run, the waiters' checkpoints are read, once for all of them, whenever the read store announces that
 * checkpoints moved (PostgreSQL), or every 20 ms on a store that does not (MongoDB).
 */
export function createReadModels(readStore: ReadStore, runner?: ProjectionProgress) {
  const versions = new Map<string, { version: number | null; until: number }>();

  async function currentVersion(projection: ReadModel): Promise<number | null> {
    const cached = versions.get(projection.name);
    if (cached && cached.until > Date.now()) return cached.version;
    const version = await activeVersion(readStore, projection.name);
    versions.set(projection.name, { version, until: Date.now() + VERSION_CACHE_MS });
    return version;
  }

  /**
   * The version readers use, how far it has got, and the last event that changed one of its documents;
   * null until the first build has caught up.
   */
  async function progress(
    projection: ReadModel,
  ): Promise<{ version: number; checkpoint: Position; lastChange: Position } | null> {
    const version = await currentVersion(projection);
    if (version === null) return null;
    const checkpoint = await readStore.getCheckpoint(checkpointName(projection.name, version));
    // Read after the checkpoint: every change the checkpoint covers is then reflected in lastChange.
    const lastChange = await readStore.getCheckpoint(lastChangeName(projection.name, version));
    return checkpoint === null ? null : { version, checkpoint, lastChange: lastChange ?? '' };
  }

  async function checkpointOf(projection: ReadModel): Promise<Position | null> {
    const version = await currentVersion(projection);
    return version === null ? null : readStore.getCheckpoint(checkpointName(projection.name, version));
  }

  interface Waiter {
    projections: readonly ReadModel[];
    position: Position;
    deadline: number;
    resolve: (caughtUp: boolean) => void;
  }
  const waiters = new Set<Waiter>();
  let polling = false;

  /**
   * One loop for every waiting request: each round reads each projection's checkpoint once, however many wait.
   * On a read store that announces its checkpoint writes (PostgreSQL: NOTIFY when the runner's transaction
   * commits, in whichever process it runs) the next round comes with an announcement, or at the next waiter's
   * deadline. MongoDB announces nothing, so there it reads every 20 ms while someone waits, as it always has (a
   * change stream on the checkpoints could wake it; not built, as the MongoDB suites do not run here).
   */
  async function pollForWaiters() {
    polling = true;
    let announced = false;
    let wake: (() => void) | undefined;
    const stopListening = readStore.onCheckpointsMoved?.(() => {
      announced = true;
      wake?.();
    });
    const nextRound = () =>
      new Promise<void>((resolve) => {
        if (stopListening && announced) return resolve();
        const soonest = Math.min(...[...waiters].map((waiter) => waiter.deadline));
        const timer = setTimeout(finish, stopListening ? Math.max(0, soonest - Date.now()) : POLL_MS);
        wake = finish;
        function finish() {
          clearTimeout(timer);
          wake = undefined;
          resolve();
        }
      });
    try {
      while (waiters.size > 0) {
        announced = false;
        const projections = [...new Set([...waiters].flatMap((waiter) => waiter.projections))];
        const checkpoints = new Map(
          await Promise.all(
            projections.map(async (projection) => [projection, await checkpointOf(projection)] as const),
          ),
        );
        const now = Date.now();
        for (const waiter of waiters) {
          const caughtUp = waiter.projections.every((projection) => {
            const checkpoint = checkpoints.get(projection);
            return checkpoint !== null && checkpoint !== undefined && checkpoint >= waiter.position;
          });
          if (caughtUp || now >= waiter.deadline) {
            waiters.delete(waiter);
            waiter.resolve(caughtUp);
          }
        }
        if (waiters.size > 0) await nextRound();
      }
    } catch {
      // The store failed: answer every waiter now (as stale) rather than leave them hanging.
      for (const waiter of waiters) waiter.resolve(false);
      waiters.clear();
    } finally {
      stopListening?.();
      polling = false;
    }
  }

  function pollFor(
    projections: readonly ReadModel[],
    position: Position,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = { projections, position, deadline: Date.now() + timeoutMs, resolve };
      signal?.addEventListener('abort', () => waiters.delete(waiter) && resolve(false), { once: true });
      waiters.add(waiter);
      if (!polling) void pollForWaiters();
    });
  }

  /** Waiters on this process's runner: checked when it commits, never by reading the store. */
  interface RunnerWaiter {
    targets: readonly { name: string; version: number }[];
    position: Position;
    settle: (caughtUp: boolean) => void;
  }
  const runnerWaiters = new Set<RunnerWaiter>();
  const reached = (waiter: RunnerWaiter) =>
    waiter.targets.every(({ name, version }) => (runner?.position(name, version) ?? START) >= waiter.position);
  runner?.onAdvance(() => {
    for (const waiter of runnerWaiters) if (reached(waiter)) waiter.settle(true);
  });

  /**
   * Waits until every projection has applied `position`; false when `timeoutMs` ran out first, or when
   * `signal` withdrew the wait (the caller learnt meanwhile that the position will never come).
   */
  async function waitFor(
    projections: readonly ReadModel[],
    position: Position,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean> {
    if (!runner) return pollFor(projections, position, timeoutMs, signal);
    const versions = await Promise.all(projections.map(currentVersion));
    const targets = projections.map((projection, index) => ({
      name: projection.name,
      version: versions[index] ?? null,
    }));
    if (
      !targets.every(
        (target): target is { name: string; version: number } =>
          target.version !== null && runner.position(target.name, target.version) !== null,
      )
    ) {
      return pollFor(projections, position, timeoutMs, signal);
    }
    return new Promise((resolve) => {
      const waiter: RunnerWaiter = {
        targets,
        position,
        settle(caughtUp) {
          clearTimeout(timer);
          runnerWaiters.delete(waiter);
          resolve(caughtUp);
        },
      };
      const timer = setTimeout(() => waiter.settle(reached(waiter)), timeoutMs);
      if (reached(waiter)) return waiter.settle(true);
      runnerWaiters.add(waiter);
      signal?.addEventListener('abort', () => waiter.settle(false), { once: true });
    });
  }

  return {
    /** The documents of a projection; empty until its first build has caught up. */
    async collection<D extends StoredDocument>(projection: ReadModel<D>): Promise<Collection<D> | null> {
      const version = await currentVersion(projection as ReadModel);
      return version === null ? null : readStore.collection<D>(physicalCollection(projection.name, version));
    },

    progress,

    waitFor,
  };
}

export type ReadModels = ReturnType<typeof createReadModels>;

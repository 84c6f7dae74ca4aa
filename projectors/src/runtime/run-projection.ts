import type { EventStore, Position } from '@labshop/shared/event-store/port';
import { startConsumerLoop } from '@labshop/shared/event-store/consumer-loop';
import { isDatabaseUnavailable } from '@labshop/shared/database-unavailable';
import type { ReadStore } from '@labshop/shared/read-store/port';
import type { Logger } from '@labshop/shared/logger';
import type { Projection } from '../projection.ts';
import { applyBatch } from './apply-batch.ts';
import { activeVersion, checkpointName, physicalCollection, setActiveVersion } from './generations.ts';

export interface RunProjectionOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  projection: Projection;
  logger: Logger;
  maxBatchSize?: number;
}

const RETRY = { initialDelayMs: 100, maxDelayMs: 5_000 };

/**
 * Keeps one projection up to date: catch up from its checkpoint, then follow live events. A version
 * readers do not use yet is built from the first event into its own collection and made active once
 * it has reached the head it saw at start; the previous version's collection is then dropped.
 * A failed batch is rolled back and the subscription restarts from the checkpoint with backoff.
 */
export function runProjection(options: RunProjectionOptions): { stop(): Promise<void> } {
  const { eventStore, readStore, projection, logger } = options;
  const log = logger.child({ projection: projection.name, version: projection.version });

  async function subscribe(healthy: () => void) {
    const version = projection.version;
    await readStore.indexFields(physicalCollection(projection.name, version), projection.indexedFields ?? []);
    const checkpoint: Position = (await readStore.getCheckpoint(checkpointName(projection.name, version))) ?? '';
    let previous = await activeVersion(readStore, projection.name);
    let building = previous !== version;
    const head = building ? await eventStore.headPosition() : '';
    if (building) log.info({ from: checkpoint || 'start', head }, 'building projection');

    const swapIfCaughtUp = async (reached: Position) => {
      if (!building || reached < head) return;
      await readStore.transaction((session) => setActiveVersion(session, projection.name, version));
      building = false;
      log.info('projection is live');
      if (previous !== null) await readStore.dropCollection(physicalCollection(projection.name, previous));
      previous = version;
    };
    await swapIfCaughtUp(checkpoint);

    return eventStore.subscribe({ after: checkpoint, maxBatchSize: options.maxBatchSize ?? 500 }, async (events) => {
      const reached = await readStore.transaction((session) => applyBatch(session, projection, version, events));
      if (reached) await swapIfCaughtUp(reached);
      healthy();
    });
  }

  return startConsumerLoop({
    open: subscribe,
    retry: RETRY,
    onFailure: (error, _failures, retryInMs) => {
      // The database away is weather: the projection waits and resumes from its checkpoint; a warning says so.
      if (isDatabaseUnavailable(error)) log.warn({ error: (error as Error).message, retryInMs }, 'database unavailable; projection resumes from its checkpoint when it is back');
      else log.error({ err: error, retryInMs }, 'projection failed; restarting from its checkpoint');
    },
  });
}

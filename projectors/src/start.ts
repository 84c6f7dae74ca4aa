import type { EventStore } from '@labshop/platform/event-store/port';
import type { ReadStore } from '@labshop/platform/read-store/port';
import type { Logger } from '@labshop/platform/logger';
import type { Projection } from '@labshop/platform/read-store/projection';
import { startProjectionRunner, type ProjectionRunner } from './runtime/projection-runner.ts';

export interface ProjectorsDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
}

/** Runs every projection with one reader (the projection runner); `progress` tells this process's readers when a batch commits. */
export function startProjectors(deps: ProjectorsDeps): ProjectionRunner {
  return startProjectionRunner(deps);
}

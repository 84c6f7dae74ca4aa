import type { EventStore } from '@labshop/shared/event-store/port';
import type { ReadStore } from '@labshop/shared/read-store/port';
import type { Logger } from '@labshop/shared/logger';
import type { Projection } from './projection.ts';
import { runProjection } from './runtime/run-projection.ts';

export interface ProjectorsDeps {
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
  logger: Logger;
}

/** Runs every projection side by side, each from its own checkpoint. */
export function startProjectors(deps: ProjectorsDeps): { stop(): Promise<void> } {
  const running = deps.projections.map((projection) =>
    runProjection({ eventStore: deps.eventStore, readStore: deps.readStore, projection, logger: deps.logger }),
  );
  return {
    async stop() {
      await Promise.all(running.map((projection) => projection.stop()));
    },
  };
}

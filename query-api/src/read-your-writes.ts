import type { FastifyInstance } from 'fastify';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { ReadModel } from '@labshop/contracts/read-model';
import { ApiError } from '@labshop/platform/http/api-error';
import type { ReadModels } from './read-models.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a route reads: a request carrying a position waits for them. */
    readModels?: readonly ReadModel[];
  }
}

export const POSITION_HEADER = 'x-labshop-position';
const STALE_HEADER = 'x-labshop-stale';
/** Requests waiting for their position at once, across the app: past it, a request is answered at once (marked stale). */
export const DEFAULT_MAX_WAITERS = 64;

/**
 * A request that carries the position of the client's last write waits (bounded) until the route's
 * projections have applied it, so a user never misses their own change. When the wait runs out the
 * answer still comes, marked stale. A position the event store never wrote is refused (400); one
 * past everything written or being written is answered at once, marked stale (nothing will ever
 * bring it), and so is a request that finds `maxWaiters` others already waiting.
 */
export function readYourWrites(
  app: FastifyInstance,
  options: { readModels: ReadModels; eventStore: EventStore; timeoutMs: number; maxWaiters?: number },
) {
  const maxWaiters = options.maxWaiters ?? DEFAULT_MAX_WAITERS;
  let waiting = 0;
  app.addHook('preHandler', async (request, reply) => {
    const position = request.headers[POSITION_HEADER];
    const projections = request.routeOptions.config.readModels;
    if (position === undefined || !projections?.length) return;
    if (typeof position !== 'string') throw malformed();
    if (waiting >= maxWaiters) {
      if ((await options.eventStore.checkPosition(position)) === 'malformed') throw malformed();
      reply.header(STALE_HEADER, 'true');
      return;
    }
    // The wait starts beside the check, not after it: a position already applied costs the reader no round trip
    // more than the check's, and the check withdraws the wait if the position will never come.
    waiting++;
    const withdraw = new AbortController();
    try {
      const wait = options.readModels.waitFor(projections, position, options.timeoutMs, withdraw.signal);
      const check = await options.eventStore.checkPosition(position);
      if (check !== 'possible') withdraw.abort();
      if (check === 'malformed') throw malformed();
      const caughtUp = (await wait) && check === 'possible';
      if (!caughtUp) reply.header(STALE_HEADER, 'true');
    } finally {
      waiting--;
    }
  });
}

function malformed() {
  return new ApiError('BadRequest', `Invalid ${POSITION_HEADER} header`, { [POSITION_HEADER]: 'Invalid position' });
}

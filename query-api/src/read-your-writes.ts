import type { FastifyInstance } from 'fastify';
import type { Projection } from '@labshop/projectors';
import { ApiError } from '@labshop/shared/http/api-error';
import type { ReadModels } from './read-models.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The projections a route reads: a request carrying a position waits for them. */
    readModels?: readonly Projection[];
  }
}

export const POSITION_HEADER = 'x-labshop-position';
const STALE_HEADER = 'x-labshop-stale';
const POSITION_PATTERN = /^[0-9A-Za-z:._-]{1,80}$/;

/**
 * A request that carries the position of the client's last write waits (bounded) until the route's
 * projections have applied it, so a user never misses their own change. When the wait runs out the
 * answer still comes, marked stale.
 */
export function readYourWrites(app: FastifyInstance, readModels: ReadModels, timeoutMs: number) {
  app.addHook('preHandler', async (request, reply) => {
    const position = request.headers[POSITION_HEADER];
    const projections = request.routeOptions.config.readModels;
    if (position === undefined || !projections?.length) return;
    if (typeof position !== 'string' || !POSITION_PATTERN.test(position)) {
      throw new ApiError('BadRequest', `Invalid ${POSITION_HEADER} header`, { [POSITION_HEADER]: 'Invalid position' });
    }
    const caughtUp = await readModels.waitFor(projections, position, timeoutMs);
    if (!caughtUp) reply.header(STALE_HEADER, 'true');
  });
}

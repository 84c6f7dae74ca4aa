import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { ReadStore } from '@labshop/platform/read-store/port';
import { activeVersion, checkpointName } from '@labshop/platform/read-store/generations';
import type { Projection } from '@labshop/platform/read-store/projection';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { requireRole } from '@labshop/platform/http/auth-guard';
import { errors } from '@labshop/platform/http/schemas';
import { DATABASE_RETRY_AFTER_SECONDS } from '@labshop/platform/http/error-handler';

export interface StatusDeps {
  tokens: TokenService;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
}

const dependencyState = z.enum(['ok', 'unavailable']);
const health = z.object({
  status: z.enum(['ok', 'unavailable']),
  dependencies: z.object({ eventStore: dependencyState, readStore: dependencyState }),
});
/** A name no projection uses: reading it is a round trip to the read store and nothing more. */
const HEALTH_CHECKPOINT = 'health-check';
/** A store that has not answered by then is as good as away for a load balancer. */
const HEALTH_TIMEOUT_MS = 3_000;

/** 'ok' when `probe` answers within the timeout, 'unavailable' when it fails or takes longer. */
async function answers(probe: () => Promise<unknown>): Promise<z.infer<typeof dependencyState>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unavailable'>(
    (resolve) => (timer = setTimeout(() => resolve('unavailable'), HEALTH_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([
      probe().then(
        () => 'ok' as const,
        () => 'unavailable' as const,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Counting stops here: past it the exact lag does not matter to anyone reading it. */
const LAG_CAP = 10_000;

async function eventsAfter(eventStore: EventStore, after: string): Promise<number> {
  let count = 0;
  for await (const _event of eventStore.readAll({ after, limit: LAG_CAP })) count++;
  return count;
}

export const statusQueries: FastifyPluginAsyncZod<StatusDeps> = async (
  app,
  { tokens, eventStore, readStore, projections },
) => {
  // For load balancers and uptime checks: whether the service and each store it needs answer, and nothing about their data.
  app.get('/health', { schema: { hide: true, response: { 200: health, 503: health } } }, async (_request, reply) => {
    const [events, readModels] = await Promise.all([
      answers(() => eventStore.headPosition()),
      answers(() => readStore.getCheckpoint(HEALTH_CHECKPOINT)),
    ]);
    const dependencies = { eventStore: events, readStore: readModels };
    const ok = events === 'ok' && readModels === 'ok';
    if (!ok) reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return { status: ok ? ('ok' as const) : ('unavailable' as const), dependencies };
  });

  app.get(
    '/api/status/projections',
    {
      // Checkpoints are positions in the event store: operators' business, not the public's.
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['status'],
        security: [{ bearer: [] }],
        summary:
          'Each projection: the version being built, the version readers use, its checkpoint and how many events it is behind',
        response: {
          200: z.object({
            projections: z.array(
              z.object({
                name: z.string(),
                version: z.number(),
                activeVersion: z.number().nullable(),
                checkpoint: z.string().nullable(),
                lag: z.number().describe(`Events not yet applied (counted up to ${LAG_CAP})`),
              }),
            ),
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => ({
      projections: await Promise.all(
        projections.map(async ({ name, version }) => {
          const checkpoint = await readStore.getCheckpoint(checkpointName(name, version));
          return {
            name,
            version,
            activeVersion: await activeVersion(readStore, name),
            checkpoint,
            lag: await eventsAfter(eventStore, checkpoint ?? ''),
          };
        }),
      ),
    }),
  );
};

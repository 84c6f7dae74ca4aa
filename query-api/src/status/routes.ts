import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EventStore } from '@labshop/shared/event-store/port';
import type { ReadStore } from '@labshop/shared/read-store/port';
import { activeVersion, checkpointName, type Projection } from '@labshop/projectors';
import type { TokenService } from '@labshop/shared/auth/tokens';
import { requireRole } from '@labshop/shared/http/auth-guard';
import { errors } from '@labshop/shared/http/schemas';

export interface StatusDeps {
  tokens: TokenService;
  eventStore: EventStore;
  readStore: ReadStore;
  projections: readonly Projection[];
}

/** Counting stops here: past it the exact lag does not matter to anyone reading it. */
const LAG_CAP = 10_000;

async function eventsAfter(eventStore: EventStore, after: string): Promise<number> {
  let count = 0;
  for await (const _event of eventStore.readAll({ after, limit: LAG_CAP })) count++;
  return count;
}

export const statusQueries: FastifyPluginAsyncZod<StatusDeps> = async (app, { tokens, eventStore, readStore, projections }) => {
  // For load balancers and uptime checks: says the service answers, and nothing about its data.
  app.get('/health', { schema: { hide: true, response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/api/status/projections',
    {
      // Checkpoints are positions in the event store: operators' business, not the public's.
      onRequest: requireRole(tokens, 'admin'),
      schema: {
        tags: ['status'],
        security: [{ bearer: [] }],
        summary: 'Each projection: the version being built, the version readers use, its checkpoint and how many events it is behind',
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

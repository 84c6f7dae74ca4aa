import type { EventStore, Position } from '@labshop/platform/event-store/port';
import type { Logger } from '@labshop/platform/logger';
import { serviceStream } from '@labshop/contracts/content/services-events';
import type { buildCommandApp } from '../app.ts';
import { uuidV5 } from '../orders/order-id.ts';
import { demoServices } from './demo-services.ts';

export interface SeedServicesOptions {
  /** The command API the seed writes through, so the demo services are real event history. */
  commands: Pick<Awaited<ReturnType<typeof buildCommandApp>>, 'inject'>;
  /** An admin's `authorization` header (seed-catalogue.ts's seedAuthorization): the events' actor. */
  authorization: string;
  /** Read only: whether a demo service's stream exists. */
  eventStore: EventStore;
  logger: Logger;
}

/** A fixed random uuid: each demo service's id is derived from it and its heading, the same on every run. */
const DEMO_SERVICE_NAMESPACE = 'c1f4b6a2-8d3e-4f57-b0a9-2e6d8c4f1a37';

export const demoServiceId = (heading: string) => uuidV5(heading, DEMO_SERVICE_NAMESPACE);

async function streamExists(eventStore: EventStore, stream: string): Promise<boolean> {
  for await (const _event of eventStore.readStream(stream, { toRevision: 0 })) return true;
  return false;
}

/**
 * Creates, through the command API, each demo service whose stream does not exist yet. The ids are
 * derived from the headings, so running it again writes nothing (a rerun racing this one is refused by
 * the event store), and a demo service an admin deleted stays deleted: its stream still exists.
 */
export async function seedDemoServices({
  commands,
  authorization,
  eventStore,
  logger,
}: SeedServicesOptions): Promise<{ created: number; position: Position }> {
  let created = 0;
  let position: Position = '';
  for (const service of demoServices) {
    const serviceId = demoServiceId(service.heading);
    if (await streamExists(eventStore, serviceStream(serviceId))) continue;
    const response = await commands.inject({
      method: 'POST',
      url: '/api/admin/services',
      payload: { ...service, serviceId },
      headers: { authorization },
    });
    if (response.statusCode !== 201)
      throw new Error(`POST /api/admin/services answered ${response.statusCode}: ${response.body}`);
    position = (response.json() as { position: Position }).position;
    created++;
  }
  logger.info({ created }, 'demo services seeded');
  return { created, position };
}

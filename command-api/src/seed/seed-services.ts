import type { EventStore, Position } from '@labshop/shared/event-store/port';
import type { Logger } from '@labshop/shared/logger';
import type { ServiceEvent } from '@labshop/shared/events/services';
import type { buildCommandApp } from '../app.ts';
import { demoServices } from './demo-services.ts';

export interface SeedServicesOptions {
  /** The command API the seed writes through, so the demo services are real event history. */
  commands: Pick<Awaited<ReturnType<typeof buildCommandApp>>, 'inject'>;
  /** An admin's `authorization` header (seed-catalogue.ts's seedAuthorization): the events' actor. */
  authorization: string;
  /** Read only: which demo services were ever created is decided from the events. */
  eventStore: EventStore;
  logger: Logger;
}

/** Headings every service was created with, deleted ones included. */
async function createdHeadings(eventStore: EventStore): Promise<Set<string>> {
  const headings = new Set<string>();
  for await (const event of eventStore.readAll({ types: ['ServiceCreated'] })) {
    headings.add((event.data as Extract<ServiceEvent, { type: 'ServiceCreated' }>['data']).fields.heading);
  }
  return headings;
}

/**
 * Creates, through the command API, each demo service no service was ever created with the heading
 * of: running it again writes nothing, and a demo service an admin deleted does not come back.
 */
export async function seedDemoServices({ commands, authorization, eventStore, logger }: SeedServicesOptions): Promise<{ created: number; position: Position }> {
  const existing = await createdHeadings(eventStore);
  let created = 0;
  let position: Position = '';
  for (const service of demoServices) {
    if (existing.has(service.heading)) continue;
    const response = await commands.inject({ method: 'POST', url: '/api/admin/services', payload: service, headers: { authorization } });
    if (response.statusCode !== 201) throw new Error(`POST /api/admin/services answered ${response.statusCode}: ${response.body}`);
    position = (response.json() as { position: Position }).position;
    created++;
  }
  logger.info({ created }, 'demo services seeded');
  return { created, position };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../app.ts';
import { seedAuthorization, SEED_ACTOR } from './seed-catalogue.ts';
import { serviceStream } from '@labshop/contracts/content/services-events';
import { demoServices } from './demo-services.ts';
import { demoServiceId, seedDemoServices } from './seed-services.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;

beforeAll(async () => {
  stores = await createTestStores();
  commands = await buildCommandApp({ eventStore: stores.eventStore, tokens });
});
afterAll(async () => {
  await commands?.close();
  await stores?.drop();
});

const seed = async () =>
  seedDemoServices({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger: createLogger('silent'),
  });

/** The events of the demo services' streams, read stream by stream (read straight after the appends, unlike a scan of the whole log). */
async function serviceEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (const { heading } of demoServices) {
    for await (const event of stores.eventStore.readStream(serviceStream(demoServiceId(heading)))) events.push(event);
  }
  return events;
}

describe('demo services seed', () => {
  it('creates four active services through the command API once; a second run, even after a deletion, writes nothing', async () => {
    expect((await seed()).created).toBe(4);
    const events = await serviceEvents();
    expect(events.map((event) => (event.data as { fields: { heading: string } }).fields.heading)).toEqual([
      'Cell Line Identification & Authentication',
      'Lentivirus Packaging & Production',
      'Exosome Production & Purification',
      'Plasmid DNA Manufacturing',
    ]);
    expect(new Set(events.map((event) => event.metadata.actor.email))).toEqual(new Set([SEED_ACTOR.email]));

    const deleted = (events[0]!.data as { serviceId: string }).serviceId;
    expect(
      (
        await commands.inject({
          method: 'DELETE',
          url: `/api/admin/services/${deleted}`,
          headers: { authorization: await seedAuthorization(tokens) },
        })
      ).statusCode,
    ).toBe(200);
    expect(await seed()).toEqual({ created: 0, position: '' });
    expect((await serviceEvents()).map((event) => event.type)).toEqual([
      'ServiceCreated',
      'ServiceDeleted',
      'ServiceCreated',
      'ServiceCreated',
      'ServiceCreated',
    ]);
  });
});

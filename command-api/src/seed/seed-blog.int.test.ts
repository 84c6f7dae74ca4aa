import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import { BLOG_STREAM } from '@labshop/contracts/content/blog-events';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../app.ts';
import { seedAuthorization, SEED_ACTOR } from './seed-catalogue.ts';
import { seedDemoBlog } from './seed-blog.ts';

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
  seedDemoBlog({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger: createLogger('silent'),
  });

async function blogEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readStream(BLOG_STREAM)) events.push(event);
  return events;
}

describe('demo blog seed', () => {
  it('adds one section with two inner items through the command API once; a second run, or one after an item was deleted, writes nothing', async () => {
    expect((await seed()).created).toBe(3);
    const events = await blogEvents();
    const [section, ...items] = events.map(
      (event) => event.data as { itemId: string; sectionId: string | null; packageId: string; productName: string },
    );
    expect(section).toMatchObject({ sectionId: null, productName: 'Cell Culture Essentials' });
    expect(items.map((item) => [item.sectionId, item.packageId, item.productName])).toEqual([
      [section!.itemId, section!.packageId, 'DMEM, high glucose'],
      [section!.itemId, section!.packageId, 'Fetal Bovine Serum, US origin'],
    ]);
    expect(new Set(events.map((event) => event.metadata.actor.email))).toEqual(new Set([SEED_ACTOR.email]));

    expect(await seed()).toEqual({ created: 0, position: '' });
    const remove = { items: [{ itemId: items[0]!.itemId, expectedVersion: 1 }] };
    expect(
      (
        await commands.inject({
          method: 'POST',
          url: '/api/admin/blog/items/delete',
          payload: remove,
          headers: { authorization: await seedAuthorization(tokens) },
        })
      ).statusCode,
    ).toBe(200);
    expect(await seed()).toEqual({ created: 0, position: '' });
    expect(await blogEvents()).toHaveLength(4);
  });
});

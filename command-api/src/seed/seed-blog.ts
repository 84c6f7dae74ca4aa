import type { EventStore, Position } from '@labshop/platform/event-store/port';
import type { Logger } from '@labshop/platform/logger';
import { BLOG_STREAM, type BlogEvent } from '@labshop/contracts/content/blog-events';
import type { buildCommandApp } from '../app.ts';
import { foldStream } from '@labshop/platform/deciders/handle-command';
import { blogDecider } from '../blog/decider.ts';

export interface SeedBlogOptions {
  /** The command API the seed writes through, so the demo blog is real event history. */
  commands: Pick<Awaited<ReturnType<typeof buildCommandApp>>, 'inject'>;
  /** An admin's `authorization` header (seed-catalogue.ts's seedAuthorization): the events' actor. */
  authorization: string;
  /** Read only: what the blog ever held is decided from its stream. */
  eventStore: EventStore;
  logger: Logger;
}

/** One section of the blog panel with two inner items. */
export const demoBlogSection = {
  productName: 'Cell Culture Essentials',
  description: 'Media, sera and reagents for mammalian cell culture.',
  items: [
    {
      productName: 'DMEM, high glucose',
      description: "Dulbecco's Modified Eagle Medium with 4.5 g/L glucose and L-glutamine, 500 mL.",
    },
    {
      productName: 'Fetal Bovine Serum, US origin',
      description: 'Heat-inactivated and sterile-filtered; tested for mycoplasma and endotoxin.',
    },
  ],
} as const;

type BlogItemAdded = Extract<BlogEvent, { type: 'BlogItemAdded' }>['data'];

/** Every row the blog was ever given (deleted ones included), from its stream. */
async function addedRows(eventStore: EventStore): Promise<BlogItemAdded[]> {
  const rows: BlogItemAdded[] = [];
  for await (const event of eventStore.readStream(BLOG_STREAM))
    if (event.type === 'BlogItemAdded') rows.push(event.data as BlogItemAdded);
  return rows;
}

/**
 * Adds, through the command API, the demo section and each of its inner items that was never added:
 * running it again writes nothing, an interrupted run is completed, and what an admin deleted does
 * not come back (a deleted demo section is not filled again).
 */
export async function seedDemoBlog({
  commands,
  authorization,
  eventStore,
  logger,
}: SeedBlogOptions): Promise<{ created: number; position: Position }> {
  let created = 0;
  let position: Position = '';
  async function post(url: string, payload: object) {
    const response = await commands.inject({ method: 'POST', url, payload, headers: { authorization } });
    if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
    const body = response.json() as { itemId: string; position: Position };
    position = body.position;
    created++;
    return body.itemId;
  }

  const rows = await addedRows(eventStore);
  const { items, ...section } = demoBlogSection;
  const existing = rows.find((row) => row.sectionId === null && row.productName === section.productName);
  const sectionId = existing?.itemId ?? (await post('/api/admin/blog/sections', section));
  const listed =
    existing === undefined ||
    (await foldStream(eventStore, BLOG_STREAM, blogDecider)).state.items[sectionId] !== undefined;
  if (listed) {
    for (const item of items) {
      if (rows.some((row) => row.sectionId === sectionId && row.productName === item.productName)) continue;
      await post(`/api/admin/blog/sections/${sectionId}/items`, item);
    }
  }
  logger.info({ created }, 'demo blog seeded');
  return { created, position };
}

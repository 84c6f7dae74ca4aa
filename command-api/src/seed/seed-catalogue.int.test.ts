import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { createLogger } from '@labshop/platform/logger';
import type { RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../app.ts';
import { seedAuthorization, seedDemoCatalogue, SEED_ACTOR } from './seed-catalogue.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let commands: Awaited<ReturnType<typeof buildCommandApp>>;
let contentDir: string;

beforeAll(async () => {
  stores = await createTestStores();
  contentDir = await mkdtemp(join(tmpdir(), 'labshop-seed-'));
  commands = await buildCommandApp({ eventStore: stores.eventStore, tokens, contentDir });
});
afterAll(async () => {
  await commands?.close();
  await stores?.drop();
  if (contentDir) await rm(contentDir, { recursive: true, force: true });
});

async function allEvents(): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for await (const event of stores.eventStore.readAll()) events.push(event);
  return events;
}

const seed = async () =>
  seedDemoCatalogue({
    commands,
    authorization: await seedAuthorization(tokens),
    eventStore: stores.eventStore,
    logger: createLogger('silent'),
  });

describe('demo catalogue seed', () => {
  it(
    'writes the nine categories with 3-6 subproducts each and about 150 details through the command API',
    { timeout: 60_000 },
    async () => {
      const { created, position } = await seed();
      expect(created).toEqual({ products: 9, subproducts: 42, details: 158, files: 516 });
      const events = await allEvents();
      expect(events.at(-1)?.position).toBe(position);
      const catalogueEvents = events.filter(
        (event) => event.type !== 'AdminEmailReserved' && event.type !== 'AdminRegistered',
      );
      expect(new Set(catalogueEvents.map((event) => event.metadata.actor.email))).toEqual(new Set([SEED_ACTOR.email]));

      const products = events
        .filter((event) => event.type === 'ProductCreated')
        .map((event) => (event.data as { name: string }).name);
      expect(products).toEqual([
        'Cell Culture Products',
        'Mycoplasma',
        'Dna/rna Isolation Kits',
        'Exosome Isolation Purification & Analysis',
        'Western Blot',
        'Electrophoresis',
        'Lab Consumables',
        'Laboratory Instruments',
        'Microbiology Culture Media & Buffers',
      ]);
      const subproductsPerProduct = new Map<string, number>();
      for (const event of events.filter((e) => e.type === 'SubproductCreated')) {
        const { productId } = event.data as { productId: string };
        subproductsPerProduct.set(productId, (subproductsPerProduct.get(productId) ?? 0) + 1);
      }
      for (const count of subproductsPerProduct.values()) {
        expect(count).toBeGreaterThanOrEqual(3);
        expect(count).toBeLessThanOrEqual(6);
      }

      const details = events
        .filter((event) => event.type === 'DetailCreated')
        .map(
          (event) =>
            (
              event.data as {
                fields: { featured: boolean; bestseller: boolean; priceTiers: unknown[]; addPercentage: number };
              }
            ).fields,
        );
      expect(details.filter((fields) => fields.featured).length).toBeGreaterThan(4);
      expect(details.filter((fields) => fields.bestseller).length).toBeGreaterThan(8);
      expect(details.filter((fields) => fields.addPercentage > 0).length).toBeGreaterThan(10);
      expect(details.filter((fields) => fields.priceTiers.length > 1).length).toBeGreaterThan(100);
    },
  );

  it('stores real PNG images and PDFs, each once by content', async () => {
    const names = await readdir(contentDir);
    const pngs = names.filter((name) => name.endsWith('.png'));
    const pdfs = names.filter((name) => name.endsWith('.pdf'));
    expect(pngs).toHaveLength(42);
    expect(pdfs.length).toBeGreaterThan(42);
    expect((await readFile(join(contentDir, pngs[0]!))).subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    const pdf = (await readFile(join(contentDir, pdfs[0]!))).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('changes nothing when run again', { timeout: 60_000 }, async () => {
    const before = (await allEvents()).length;
    const { created } = await seed();
    expect(created).toEqual({ products: 0, subproducts: 0, details: 0, files: 0 });
    expect(await allEvents()).toHaveLength(before);
  });

  it(
    'completes only what is missing: a deleted detail comes back, nothing else is written',
    { timeout: 60_000 },
    async () => {
      const [created] = (await allEvents()).filter((event) => event.type === 'DetailCreated');
      const { productId, subproductId, detailId } = created!.data as {
        productId: string;
        subproductId: string;
        detailId: string;
      };
      const removal = await commands.inject({
        method: 'DELETE',
        url: `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details/${detailId}`,
        headers: { authorization: await seedAuthorization(tokens) },
      });
      expect(removal.statusCode).toBe(200);
      expect((await seed()).created).toEqual({ products: 0, subproducts: 0, details: 1, files: 4 });
    },
  );
});

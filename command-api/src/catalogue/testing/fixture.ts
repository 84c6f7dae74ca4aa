import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { buildCommandApp } from '../../app.ts';
import { adminAuthorization } from '../../testing/admin-session.ts';
import { incomingDirOf } from '../files/content-store.ts';

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * A command API on a fresh PostgreSQL database with its own content folder, an admin session, and
 * helpers to build a catalogue and to prove that a refused request wrote nothing (no event, no file).
 */
export async function startCatalogueFixture(
  options: { wrapEventStore?: (store: EventStore) => EventStore; contentDir?: string } = {},
) {
  const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
  const stores = await createTestStores();
  const contentDir = options.contentDir ?? (await mkdtemp(join(tmpdir(), 'labshop-content-')));
  const eventStore = options.wrapEventStore?.(stores.eventStore) ?? stores.eventStore;
  const app = await buildCommandApp({ eventStore, tokens, contentDir });
  const admin = await adminAuthorization(stores.eventStore, tokens);
  // Counted in SQL: readAll only shows transactions older than the cluster-wide snapshot horizon, which
  // other databases' open transactions hold back, so it may lag right after a write.
  const sql = new pg.Client({ connectionString: stores.databaseUrl });
  await sql.connect();
  const customer = {
    authorization: `Bearer ${await tokens.sign({ role: 'customer', sub: 'c1', email: 'shopper@example.com' }, '1h')}`,
  };

  const send = (method: Method, url: string, payload?: object, headers: Record<string, string> = admin) =>
    app.inject({ method, url, headers, ...(payload !== undefined && { payload }) });

  async function ok(method: Method, url: string, payload?: object) {
    const response = await send(method, url, payload);
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json() as Record<string, string>;
  }

  async function eventCount(): Promise<number> {
    const { rows } = await sql.query<{ count: string }>('SELECT count(*) AS count FROM events');
    return Number(rows[0]!.count);
  }

  async function streamEvents(stream: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of stores.eventStore.readStream(stream)) events.push(event);
    return events;
  }

  /** The files visible under the content folder, and whether an upload was left half-way. */
  async function contentFiles(): Promise<{ files: string[]; incoming: string[] }> {
    const files = (await readdir(contentDir)).sort();
    const incoming = await readdir(incomingDirOf(contentDir));
    return { files, incoming };
  }

  /** Runs `action` and checks that it changed neither the event store nor the content folder. */
  async function writesNothing<T>(action: () => Promise<T>): Promise<T> {
    const [eventsBefore, filesBefore] = [await eventCount(), await contentFiles()];
    const result = await action();
    expect(await eventCount()).toBe(eventsBefore);
    expect(await contentFiles()).toEqual(filesBefore);
    return result;
  }

  const productUrl = (productId: string) => `/api/admin/catalogue/products/${productId}`;
  const subproductUrl = (productId: string, subproductId: string) =>
    `${productUrl(productId)}/subproducts/${subproductId}`;
  const detailUrl = (productId: string, subproductId: string, detailId: string) =>
    `${subproductUrl(productId, subproductId)}/details/${detailId}`;

  // Names are unique at each level, so the defaults number every item after a level's first.
  const added = new Map<string, number>();
  const nthName = (level: string, name: string) => {
    const count = (added.get(level) ?? 0) + 1;
    added.set(level, count);
    return count === 1 ? name : `${name} (${count})`;
  };
  const addProduct = async (name = nthName('catalogue', 'Mycoplasma')) =>
    (await ok('POST', '/api/admin/catalogue/products', { name })).productId!;
  const addSubproduct = async (productId: string, name = nthName(productId, 'PCR Kits')) =>
    (await ok('POST', `${productUrl(productId)}/subproducts`, { name })).subproductId!;
  const addDetail = async (
    productId: string,
    subproductId: string,
    fields: object = { productType: nthName(subproductId, '96 tests'), quantity: 5, priceCents: 45_000 },
  ) => (await ok('POST', `${subproductUrl(productId, subproductId)}/details`, fields)).detailId!;

  /** A product with one subproduct holding one detail. */
  async function addTree() {
    const productId = await addProduct();
    const subproductId = await addSubproduct(productId);
    const detailId = await addDetail(productId, subproductId);
    return { productId, subproductId, detailId };
  }

  return {
    app,
    stores,
    tokens,
    admin,
    customer,
    contentDir,
    send,
    ok,
    eventCount,
    streamEvents,
    contentFiles,
    writesNothing,
    productUrl,
    subproductUrl,
    detailUrl,
    addProduct,
    addSubproduct,
    addDetail,
    addTree,
    async close() {
      await app.close();
      await sql.end();
      await stores.drop();
      await rm(contentDir, { recursive: true, force: true });
      await rm(incomingDirOf(contentDir), { recursive: true, force: true });
    },
  };
}

export type CatalogueFixture = Awaited<ReturnType<typeof startCatalogueFixture>>;

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

import type { EventStore, Position } from '@labshop/platform/event-store/port';
import type { Logger } from '@labshop/platform/logger';
import type { TokenService } from '@labshop/platform/auth/tokens';
import type { buildCommandApp } from '../app.ts';
import { demoCatalogue } from './demo-catalogue.ts';
import { demoDetails, type DemoDetail } from './demo-details.ts';
import { existingDetails, existingProduct, existingProducts } from './existing-catalogue.ts';
import { fileUpload } from './multipart.ts';

export interface SeedCatalogueOptions {
  /** The command API the seed writes through, so the demo catalogue is real event history. */
  commands: Pick<Awaited<ReturnType<typeof buildCommandApp>>, 'inject'>;
  /** An admin's `authorization` header: the seed's events carry that admin as their actor. */
  authorization: string;
  /** Read only: what exists already is decided from the streams. */
  eventStore: EventStore;
  logger: Logger;
  /** More details per subproduct (lots without files), to measure a large catalogue. */
  extraDetailsPerSubproduct?: number;
  /** Subproducts filled side by side: they are separate streams, so they never conflict. */
  concurrency?: number;
}

/** The seed's events name this admin as their actor, so the audit shows where the demo data came from. */
export const SEED_ACTOR = { sub: 'demo-catalogue-seed', email: 'demo-catalogue@labshop.local' } as const;

export async function seedAuthorization(tokens: TokenService): Promise<string> {
  return `Bearer ${await tokens.sign({ role: 'admin', ...SEED_ACTOR }, '1h')}`;
}

export interface SeedResult {
  created: { products: number; subproducts: number; details: number; files: number };
  /** Of the last write (empty when nothing was written): wait for it before reading. */
  position: Position;
}

/**
 * Adds whatever part of the demo catalogue is missing, through the command API. Items are matched by
 * name (products, subproducts) and product type (details), and files by slot, so running it again
 * changes nothing and an interrupted run is completed by the next one.
 */
export async function seedDemoCatalogue(options: SeedCatalogueOptions): Promise<SeedResult> {
  const { commands, authorization, eventStore, logger } = options;
  const result: SeedResult = { created: { products: 0, subproducts: 0, details: 0, files: 0 }, position: '' };

  async function send(
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: object | Buffer,
    headers: Record<string, string> = {},
  ) {
    const response = await commands.inject({ method, url, payload, headers: { authorization, ...headers } });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    const body = response.json() as { position: Position } & Record<string, string>;
    if (body.position > result.position) result.position = body.position;
    return body;
  }

  const products = await existingProducts(eventStore);
  const fills: (() => Promise<void>)[] = [];
  for (const [productIndex, product] of demoCatalogue.entries()) {
    let productId = products.get(product.name);
    if (!productId) {
      productId = (await send('POST', '/api/admin/catalogue/products', { name: product.name })).productId!;
      result.created.products++;
    }
    const existing = await existingProduct(eventStore, productId);
    if (existing.content === '')
      await send('PATCH', `/api/admin/catalogue/products/${productId}/content`, {
        content: `<p>${product.description}</p>`,
      });
    for (const [subproductIndex, subproduct] of product.subproducts.entries()) {
      let subproductId = existing.subproducts.get(subproduct.name);
      if (!subproductId) {
        subproductId = (
          await send('POST', `/api/admin/catalogue/products/${productId}/subproducts`, { name: subproduct.name })
        ).subproductId!;
        result.created.subproducts++;
      }
      const base = `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`;
      const planned = demoDetails(
        product,
        subproduct,
        { productIndex, subproductIndex },
        options.extraDetailsPerSubproduct,
      );
      fills.push(() => fillSubproduct(subproductId, base, planned));
    }
  }

  async function fillSubproduct(subproductId: string, base: string, planned: DemoDetail[]) {
    const details = await existingDetails(eventStore, subproductId);
    for (const { fields, files } of planned) {
      let found = details.get(fields.productType);
      if (!found) {
        found = { detailId: (await send('POST', base, fields)).detailId!, files: new Set() };
        result.created.details++;
      }
      for (const [slot, file] of Object.entries(files)) {
        if (found.files.has(slot as keyof typeof files)) continue;
        const upload = fileUpload(file.fileName, file.contentType, file.bytes());
        await send('PUT', `${base}/${found.detailId}/files/${slot}`, upload.payload, upload.headers);
        result.created.files++;
      }
    }
  }

  await inParallel(fills, options.concurrency ?? 4);
  logger.info(result.created, 'demo catalogue seeded');
  return result;
}

async function inParallel(tasks: readonly (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}

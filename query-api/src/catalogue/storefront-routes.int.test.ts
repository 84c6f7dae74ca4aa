import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { createTestStores } from '@labshop/platform/testing/stores';
import { givenEvents } from '@labshop/platform/testing/given-events';
import { sessionOf } from '@labshop/platform/testing/sessions';
import { detailFields } from '@labshop/platform/testing/detail-fields';
import { createLogger } from '@labshop/platform/logger';
import {
  CATALOGUE_STREAM,
  productStream,
  subproductStream,
  type CatalogueEvent,
  type DetailFields,
  type FileSlot,
  type ProductStreamEvent,
  type StoredFile,
  type SubproductStreamEvent,
} from '@labshop/contracts/catalogue/events';
import { stockStream, type StockEvent } from '@labshop/contracts/stock/events';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { buildQueryApp } from '../app.ts';
import { POSITION_HEADER } from '../read-your-writes.ts';

const tokens = createTokenService('test-secret-that-is-long-enough-for-hs256');
let stores: Awaited<ReturnType<typeof createTestStores>>;
let queries: Awaited<ReturnType<typeof buildQueryApp>>;
let projectors: { stop(): Promise<void> };
let admin: { authorization: string };
/** The newest write: every read carries it, as the storefront does after an admin's change. */
let position = '';

async function given(
  stream: string,
  ...events: (CatalogueEvent | ProductStreamEvent | SubproductStreamEvent)[]
): Promise<void> {
  position = await givenEvents(stores.eventStore, stream, events);
}

const read = (url: string, headers: Record<string, string> = {}) =>
  queries.inject({ method: 'GET', url, headers: { [POSITION_HEADER]: position, ...headers } });
async function json(url: string, headers: Record<string, string> = {}) {
  const response = await read(url, headers);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-labshop-stale']).toBeUndefined();
  return response.json();
}

const detailsOf = (productId: string, subproductId: string) =>
  `/api/admin/catalogue/products/${productId}/subproducts/${subproductId}/details`;

const storedFile = (originalName: string, extension: 'png' | 'pdf'): StoredFile => ({
  name: `${crypto.randomUUID().replaceAll('-', '').repeat(2)}.${extension}`,
  originalName,
  contentType: extension === 'png' ? 'image/png' : 'application/pdf',
  size: 1234,
});

type Key =
  | 'myco'
  | 'western'
  | 'empty'
  | 'kits'
  | 'agents'
  | 'hiddenSub'
  | 'membranes'
  | 'd1'
  | 'd2'
  | 'd3'
  | 'd4'
  | 'd5'
  | 'd6'
  | 'd7';
const ids = {} as Record<Key, string>;
for (const key of [
  'myco',
  'western',
  'empty',
  'kits',
  'agents',
  'hiddenSub',
  'membranes',
  'd1',
  'd2',
  'd3',
  'd4',
  'd5',
  'd6',
  'd7',
] satisfies Key[])
  ids[key] = crypto.randomUUID();

beforeAll(async () => {
  stores = await createTestStores();
  // Cached reads never expire on their own here: only the position a read carries can make it see a write.
  queries = await buildQueryApp({ ...stores, tokens, projections, catalogueCacheMaxAgeMs: 60_000 });
  projectors = startProjectors({ ...stores, projections, logger: createLogger('silent') });
  admin = await sessionOf(tokens);

  const { myco, western, empty, kits, agents, hiddenSub, membranes } = ids;
  await given(
    CATALOGUE_STREAM,
    { type: 'ProductCreated', data: { productId: myco, name: 'Mycoplasma', displayOrder: 0 } },
    { type: 'ProductCreated', data: { productId: western, name: 'Western Blot', displayOrder: 1 } },
    { type: 'ProductCreated', data: { productId: empty, name: 'Lab Consumables', displayOrder: 2 } },
  );
  await given(
    productStream(myco),
    {
      type: 'SubproductCreated',
      data: { productId: myco, subproductId: kits, name: 'Detection Kits', displayOrder: 0 },
    },
    {
      type: 'SubproductCreated',
      data: { productId: myco, subproductId: agents, name: 'Removal Agents', displayOrder: 1 },
    },
    {
      type: 'SubproductCreated',
      data: { productId: myco, subproductId: hiddenSub, name: 'Discontinued', displayOrder: 2 },
    },
  );
  await given(productStream(western), {
    type: 'SubproductCreated',
    data: { productId: western, subproductId: membranes, name: 'Membranes', displayOrder: 0 },
  });

  const created = (
    productId: string,
    subproductId: string,
    detailId: string,
    displayOrder: number,
    detail: Partial<DetailFields> & { productType: string },
  ) =>
    ({
      type: 'DetailCreated',
      data: { productId, subproductId, detailId, displayOrder, fields: detailFields(detail) },
    }) as const;
  const attached = (slot: FileSlot, file: StoredFile) =>
    ({
      type: 'DetailFileAttached',
      data: { productId: myco, subproductId: kits, detailId: ids.d1, slot, file },
    }) as const;
  await given(
    subproductStream(kits),
    created(myco, kits, ids.d1, 0, {
      productType: 'PCR 20 tests',
      priceCents: 25_000,
      addPercentage: 10,
      quantity: 3,
      bestseller: true,
      catalogNumber: 'MY-20',
      innerPackageId: 'IP-20',
      contents: '<p>Sensitive <strong>PCR</strong> detection.</p>',
      priceTiers: [
        { priceCents: 25_000, packSize: '20 tests', description: 'PCR 20 tests', catalogNumber: 'MY-20' },
        { priceCents: 99_999, packSize: '100 tests', description: 'PCR 100 tests', catalogNumber: 'MY-100' },
      ],
    }),
    created(myco, kits, ids.d2, 1, {
      productType: 'Premium 50 tests',
      featured: true,
      featuredText: 'New this month',
      quantity: 0,
    }),
    created(myco, kits, ids.d3, 2, { productType: 'Hidden pack' }),
    {
      type: 'DetailVisibilityChanged',
      data: { productId: myco, subproductId: kits, detailId: ids.d3, visible: false },
    },
    attached('image', storedFile('kit.png', 'png')),
    attached('manualPdf', storedFile('Manual.pdf', 'pdf')),
  );
  await given(
    subproductStream(agents),
    created(myco, agents, ids.d4, 0, { productType: '5 ml', contents: '<p>Removes mycoplasma.</p>' }),
    created(myco, agents, ids.d5, 1, { productType: '25 ml', bestseller: true }),
  );
  await given(subproductStream(hiddenSub), created(myco, hiddenSub, ids.d6, 0, { productType: 'Old kit' }));
  await given(
    subproductStream(membranes),
    created(western, membranes, ids.d7, 0, { productType: 'PVDF roll', featured: true }),
  );
  await given(
    productStream(myco),
    { type: 'SubproductVisibilityChanged', data: { productId: myco, subproductId: hiddenSub, visible: false } },
    { type: 'ProductContentChanged', data: { productId: myco, content: '<p>Detection and removal.</p>' } },
  );
  await given(
    CATALOGUE_STREAM,
    { type: 'ProductVisibilityChanged', data: { productId: western, visible: false } },
    { type: 'ProductsReordered', data: { productIds: [empty, myco, western] } },
  );
});
afterAll(async () => {
  await projectors?.stop();
  await queries?.close();
  await stores?.drop();
});

const detailIds = (list: { detailId: string }[]) => list.map((item) => item.detailId);

describe('storefront catalogue queries', () => {
  it('menus list visible products and their visible subproducts in display order, leaving out a category with nothing in it', async () => {
    const { products } = await json('/api/catalogue/menu');
    expect(products).toEqual([
      {
        productId: ids.myco,
        name: 'Mycoplasma',
        subproducts: [
          { subproductId: ids.kits, name: 'Detection Kits' },
          { subproductId: ids.agents, name: 'Removal Agents' },
        ],
      },
    ]);
  });

  it('the overview shows cards with the product content and accordions of visible details only', async () => {
    const { products } = await json('/api/catalogue/overview');
    const myco = products.find((p: { productId: string }) => p.productId === ids.myco);
    expect(myco.description).toBe('<p>Detection and removal.</p>');
    expect(myco.subproducts.map((s: { details: { detailId: string }[] }) => detailIds(s.details))).toEqual([
      [ids.d1, ids.d2],
      [ids.d4, ids.d5],
    ]);
  });

  it('the main product page has subproduct tiles and the product’s own content as description, not a detail’s; a hidden product is 404', async () => {
    const page = await json(`/api/catalogue/products/${ids.myco}`);
    expect(page).toMatchObject({ name: 'Mycoplasma', description: '<p>Detection and removal.</p>' });
    expect(page.subproducts).toEqual([
      {
        subproductId: ids.kits,
        name: 'Detection Kits',
        image: { url: expect.stringMatching(/^\/content\/[0-9a-f]{64}\.png$/) },
        detailCount: 2,
      },
      { subproductId: ids.agents, name: 'Removal Agents', image: null, detailCount: 2 },
    ]);
    const hidden = await read(`/api/catalogue/products/${ids.western}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: 'NotFound', message: 'Product not found' });
    expect((await read('/api/catalogue/products/not-a-uuid')).statusCode).toBe(400);
  });

  it('the sub-product grid lists visible details; a hidden subproduct, or one under a hidden product, is 404', async () => {
    const grid = await json(`/api/catalogue/subproducts/${ids.kits}`);
    expect(grid).toMatchObject({ name: 'Detection Kits', product: { productId: ids.myco, name: 'Mycoplasma' } });
    expect(detailIds(grid.details)).toEqual([ids.d1, ids.d2]);
    expect(grid.details[1]).toEqual({
      detailId: ids.d2,
      productType: 'Premium 50 tests',
      subproductName: 'Detection Kits',
      image: null,
      price: { cents: 1000, formatted: '$10.00', listCents: 1000, listFormatted: '$10.00', percentOff: 0 },
      inStock: false,
    });
    expect(grid.details[0].inStock).toBe(true);
    expect((await read(`/api/catalogue/subproducts/${ids.hiddenSub}`)).statusCode).toBe(404);
    expect((await read(`/api/catalogue/subproducts/${ids.membranes}`)).statusCode).toBe(404);
  });

  it('the product detail applies the discount to the price and every tier, and shows stock, documents and related products', async () => {
    const page = await json(`/api/catalogue/details/${ids.d1}`);
    expect(page).toMatchObject({
      detailId: ids.d1,
      productType: 'PCR 20 tests',
      catalogNumber: 'MY-20',
      innerPackageId: 'IP-20',
      product: { productId: ids.myco, name: 'Mycoplasma' },
      subproduct: { subproductId: ids.kits, name: 'Detection Kits' },
      quantity: 3,
      inStock: true,
      price: { cents: 22_500, formatted: '$225.00', listCents: 25_000, listFormatted: '$250.00', percentOff: 10 },
      contents: '<p>Sensitive <strong>PCR</strong> detection.</p>',
      documents: {
        manual: {
          url: expect.stringMatching(/^\/content\/[0-9a-f]{64}\.pdf$/),
          name: 'Manual.pdf',
          size: expect.any(Number),
        },
        flyer: null,
        technicalNotes: null,
      },
      image: { url: expect.stringMatching(/\.png$/) },
    });
    expect(page.priceTiers).toEqual([
      {
        packSize: '20 tests',
        description: 'PCR 20 tests',
        catalogNumber: 'MY-20',
        price: expect.objectContaining({ cents: 22_500, listCents: 25_000 }),
      },
      // 99 999 × 0.9 = 89 999.1 → 89 999 cents
      {
        packSize: '100 tests',
        description: 'PCR 100 tests',
        catalogNumber: 'MY-100',
        price: expect.objectContaining({ cents: 89_999, formatted: '$899.99', listFormatted: '$999.99' }),
      },
    ]);
    // Same subproduct first (d3 is hidden), then the product's other visible subproducts; never the hidden subproduct's d6.
    expect(detailIds(page.related)).toEqual([ids.d2, ids.d4, ids.d5]);
    expect((await json(`/api/catalogue/details/${ids.d2}`)).inStock).toBe(false);
  });

  it('answers 404 for a hidden detail, a detail under a hidden subproduct or product, and an unknown one', async () => {
    for (const hidden of [ids.d3, ids.d6, ids.d7, '00000000-0000-4000-8000-000000000000']) {
      const response = await read(`/api/catalogue/details/${hidden}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Detail not found');
    }
  });

  it('home lists every visible featured and best-selling detail in catalogue order', async () => {
    const home = await json('/api/catalogue/home');
    expect(detailIds(home.featured)).toEqual([ids.d2]);
    expect(home.featured[0].featuredText).toBe('New this month');
    expect(detailIds(home.bestSellers)).toEqual([ids.d1, ids.d5]);
  });

  it('suggests from the search engine: words by prefix, catalogue numbers with the number; hidden items never', async () => {
    const suggest = async (q: string) =>
      (await json(`/api/catalogue/search/suggestions?q=${encodeURIComponent(q)}`)).suggestions;
    expect(await suggest('REM')).toEqual([
      { detailId: ids.d4, title: 'Removal Agents 5 ml', catalogNumber: null },
      { detailId: ids.d5, title: 'Removal Agents 25 ml', catalogNumber: null },
    ]);
    expect((await suggest('tests')).map((s: { detailId: string }) => s.detailId)).toEqual([ids.d1, ids.d2]);
    expect(await suggest('my-100')).toEqual([
      { detailId: ids.d1, title: 'Detection Kits PCR 20 tests', catalogNumber: 'MY-100' },
    ]);
    expect(await suggest('ip20')).toEqual([
      { detailId: ids.d1, title: 'Detection Kits PCR 20 tests', catalogNumber: 'IP-20' },
    ]);
    expect((await suggest('old kit')).map((s: { detailId: string }) => s.detailId)).not.toContain(ids.d6);
    expect(await suggest('hidden pack')).toEqual([]);
    expect(await suggest('pvdf')).toEqual([]);
    expect(await suggest(' re ')).toEqual([]);
    const tooLong = await read(`/api/catalogue/search/suggestions?q=${'x'.repeat(101)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ q: 'Search text must be at most 100 characters' });
  });

  it('full search answers a page of listed details with titles, prices, facets and the total', async () => {
    const answer = await json('/api/catalogue/search?q=detection');
    expect(answer.query).toBe('detection');
    expect(answer.results.map((r: { title: string }) => r.title)).toEqual([
      'Detection Kits PCR 20 tests',
      'Detection Kits Premium 50 tests',
    ]);
    expect(answer.results[0].price.formatted).toBe('$225.00');
    expect(answer).toMatchObject({ total: 2, page: 1, pageSize: 24, sort: 'relevance', didYouMean: null });
    expect(answer.facets.categories).toEqual([{ productId: ids.myco, name: 'Mycoplasma', count: 2 }]);
    expect(answer.facets.subproducts).toEqual([
      { subproductId: ids.kits, productId: ids.myco, name: 'Detection Kits', count: 2 },
    ]);
    expect(answer.facets.inStock).toBe(1);
    expect(answer.facets.prices.filter((band: { count: number }) => band.count > 0)).toEqual([
      { minCents: 0, maxCents: 5_000, count: 1 },
      { minCents: 10_000, maxCents: 25_000, count: 1 },
    ]);
    const de = await json('/api/catalogue/search?q=de');
    expect(de).toMatchObject({ results: [], total: 0 });
  });

  it('full search filters by category, subproduct, stock and price, sorts and pages, and each facet counts without its own filter', async () => {
    const titles = async (query: string) =>
      (await json(`/api/catalogue/search?${query}`)).results.map((r: { title: string }) => r.title);
    expect(await titles('q=mycoplasma')).toHaveLength(4);
    expect(await titles(`q=mycoplasma&subproduct=${ids.agents}`)).toEqual([
      'Removal Agents 5 ml',
      'Removal Agents 25 ml',
    ]);
    expect(await titles('q=mycoplasma&inStock=true')).not.toContain('Detection Kits Premium 50 tests');
    const inStock = await json(`/api/catalogue/search?q=mycoplasma&inStock=true&category=${ids.myco}`);
    expect(inStock.total).toBe(3);
    expect(inStock.facets.inStock).toBe(3);
    expect(inStock.facets.categories).toEqual([{ productId: ids.myco, name: 'Mycoplasma', count: 3 }]);
    expect(await titles('q=mycoplasma&minCents=10000')).toEqual(['Detection Kits PCR 20 tests']);
    expect(await titles('q=mycoplasma&maxCents=10000&sort=name')).toEqual([
      'Detection Kits Premium 50 tests',
      'Removal Agents 5 ml',
      'Removal Agents 25 ml',
    ]);
    expect((await titles('q=mycoplasma&sort=price-desc'))[0]).toBe('Detection Kits PCR 20 tests');
    const secondPage = await json('/api/catalogue/search?q=mycoplasma&sort=name&pageSize=3&page=2');
    expect(secondPage).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(secondPage.results.map((r: { title: string }) => r.title)).toEqual(['Removal Agents 25 ml']);
    const bad = await read('/api/catalogue/search?q=mycoplasma&sort=cheapest&page=0&minCents=-1');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['minCents', 'page', 'sort']);
  });

  it('offers a query that finds something when nothing matches', async () => {
    expect(await json('/api/catalogue/search?q=remuvel%20ajjents')).toMatchObject({
      total: 0,
      didYouMean: 'removal agents',
    });
    expect(await json('/api/catalogue/search?q=qqqqqq')).toMatchObject({ total: 0, didYouMean: null });
  });

  it('names the listed detail and pack each catalogue number stands for, and the unknown ones', async () => {
    const answer = await json('/api/catalogue/catalogue-numbers?n=my-100&n=MY20&n=NOPE-1&n=IP-20');
    expect(answer).toEqual({
      found: [
        { catalogNumber: 'my-100', detailId: ids.d1, packSize: '100 tests' },
        { catalogNumber: 'MY20', detailId: ids.d1, packSize: '20 tests' },
        { catalogNumber: 'IP-20', detailId: ids.d1, packSize: null },
      ],
      unknown: ['NOPE-1'],
    });
    expect((await read('/api/catalogue/catalogue-numbers')).statusCode).toBe(400);
  });

  it('shows each write to the next read carrying its position, even right after the same read was served', async () => {
    expect((await json(`/api/catalogue/details/${ids.d4}`)).subproduct.name).toBe('Removal Agents');
    await given(productStream(ids.myco), {
      type: 'SubproductRenamed',
      data: { productId: ids.myco, subproductId: ids.agents, name: 'Mycoplasma Removal' },
    });
    expect((await json(`/api/catalogue/details/${ids.d4}`)).subproduct.name).toBe('Mycoplasma Removal');
    // The search indexes the renamed details again: the next search carrying the position finds the new name.
    expect((await json('/api/catalogue/search/suggestions?q=mycoplasma%20removal')).suggestions[0]).toEqual({
      detailId: ids.d4,
      title: 'Mycoplasma Removal 5 ml',
      catalogNumber: null,
    });
    await given(subproductStream(ids.agents), {
      type: 'DetailUpdated',
      data: {
        productId: ids.myco,
        subproductId: ids.agents,
        detailId: ids.d4,
        changes: { priceCents: 4_200, addPercentage: 50 },
      },
    });
    expect((await json(`/api/catalogue/details/${ids.d4}`)).price).toMatchObject({
      cents: 2_100,
      listCents: 4_200,
      percentOff: 50,
    });
    // Only the documents written since the last build are read again: a changed description and number are found at once.
    expect((await json('/api/catalogue/search?q=zebrafish')).total).toBe(0);
    await given(subproductStream(ids.agents), {
      type: 'DetailUpdated',
      data: {
        productId: ids.myco,
        subproductId: ids.agents,
        detailId: ids.d5,
        changes: { contents: '<p>Safe for zebrafish cultures.</p>', catalogNumber: 'RA-25' },
      },
    });
    expect(
      (await json('/api/catalogue/search?q=zebrafish')).results.map((r: { detailId: string }) => r.detailId),
    ).toEqual([ids.d5]);
    expect((await json('/api/catalogue/search?q=ra25')).results[0]).toMatchObject({
      detailId: ids.d5,
      catalogNumber: 'RA-25',
      title: 'Mycoplasma Removal 25 ml',
    });
    await given(productStream(ids.myco), {
      type: 'SubproductsReordered',
      data: { productId: ids.myco, subproductIds: [ids.agents, ids.kits, ids.hiddenSub] },
    });
    expect((await json(`/api/catalogue/products/${ids.myco}`)).subproducts[0].name).toBe('Mycoplasma Removal');
  });

  it('shows a write to readers without a position once the cache has aged', async () => {
    const briefly = await buildQueryApp({ ...stores, tokens, projections, catalogueCacheMaxAgeMs: 50 });
    const menuNames = async () =>
      ((await briefly.inject({ method: 'GET', url: '/api/catalogue/menu' })).json().products as { name: string }[]).map(
        (p) => p.name,
      );
    expect(await menuNames()).toContain('Mycoplasma');
    await given(CATALOGUE_STREAM, {
      type: 'ProductRenamed',
      data: { productId: ids.myco, name: 'Mycoplasma Testing' },
    });
    const deadline = Date.now() + 5_000;
    while (!(await menuNames()).includes('Mycoplasma Testing') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await menuNames()).toContain('Mycoplasma Testing');
    await briefly.close();
  });
});

describe('back-office catalogue queries', () => {
  it('a product shows every subproduct, hidden ones included, with its content', async () => {
    const page = await json(`/api/admin/catalogue/products/${ids.myco}`, admin);
    expect(page.content).toBe('<p>Detection and removal.</p>');
    expect(
      page.subproducts.map((s: { subproductId: string; visible: boolean; detailCount: number }) => [
        s.subproductId,
        s.visible,
        s.detailCount,
      ]),
    ).toContainEqual([ids.hiddenSub, false, 1]);
    expect((await json(`/api/admin/catalogue/products/${ids.western}`, admin)).visible).toBe(false);
  });

  it('a subproduct lists all its details with every field and file, hidden ones included', async () => {
    const list = await json(detailsOf(ids.myco, ids.kits), admin);
    expect(detailIds(list.details)).toEqual([ids.d1, ids.d2, ids.d3]);
    expect(list.productTypes).toEqual(['PCR 20 tests', 'Premium 50 tests', 'Hidden pack']);
    expect(list.details[2]).toMatchObject({ visible: false, productType: 'Hidden pack' });
    expect(list.details[0]).toMatchObject({
      priceCents: 25_000,
      addPercentage: 10,
      files: { manualPdf: { originalName: 'Manual.pdf', url: expect.stringMatching(/^\/content\//) }, flyerPdf: null },
    });
    const one = await json(`${detailsOf(ids.myco, ids.kits)}/${ids.d3}`, admin);
    expect(one).toMatchObject({ detailId: ids.d3, visible: false });
    expect((await read(`${detailsOf(ids.myco, ids.agents)}/${ids.d3}`, admin)).statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await read(`/api/admin/catalogue/products/${ids.myco}`)).statusCode).toBe(401);
    const customer = await sessionOf(tokens, { kind: 'customer', id: 'c1', email: 'c@example.com' });
    expect((await read(detailsOf(ids.myco, ids.kits), customer)).statusCode).toBe(403);
  });

  it('deleting a subproduct or a product removes everything under it from both sides', async () => {
    await given(productStream(ids.myco), {
      type: 'SubproductDeleted',
      data: { productId: ids.myco, subproductId: ids.agents },
    });
    expect((await read(`/api/catalogue/details/${ids.d5}`)).statusCode).toBe(404);
    expect((await read(`/api/catalogue/subproducts/${ids.agents}`)).statusCode).toBe(404);
    expect((await read(detailsOf(ids.myco, ids.agents), admin)).statusCode).toBe(404);
    expect(detailIds((await json('/api/catalogue/home')).bestSellers)).toEqual([ids.d1]);
    await given(CATALOGUE_STREAM, { type: 'ProductDeleted', data: { productId: ids.myco } });
    expect((await read(`/api/catalogue/details/${ids.d1}`)).statusCode).toBe(404);
    expect((await read(`${detailsOf(ids.myco, ids.kits)}/${ids.d1}`, admin)).statusCode).toBe(404);
    expect((await json('/api/catalogue/search/suggestions?q=tests')).suggestions).toEqual([]);
  });
});

describe('stock (issue 21)', () => {
  it('shows on hand less reserved on the product page and in the availability of the cart’s details', async () => {
    const at = '2026-11-27T12:00:00.000Z';
    const [productId, subproductId, flask, empty] = [
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
      crypto.randomUUID(),
    ];
    const fields = (productType: string, quantity: number) => detailFields({ productType, quantity });
    await given(CATALOGUE_STREAM, {
      type: 'ProductCreated',
      data: { productId, name: 'Cell Culture', displayOrder: 9 },
    });
    await given(productStream(productId), {
      type: 'SubproductCreated',
      data: { productId, subproductId, name: 'Flasks', displayOrder: 0 },
    });
    await given(
      subproductStream(subproductId),
      {
        type: 'DetailCreated',
        data: { productId, subproductId, detailId: flask, displayOrder: 0, fields: fields('Flask', 3) },
      },
      {
        type: 'DetailCreated',
        data: { productId, subproductId, detailId: empty, displayOrder: 1, fields: fields('Empty', 0) },
      },
    );
    position = await givenEvents(stores.eventStore, stockStream(flask), [
      { type: 'StockCounted', data: { detailId: flask, onHand: 3, at } },
      { type: 'StockReserved', data: { detailId: flask, orderId: 'o1', quantity: 2, reserved: 2, backordered: 0, at } },
    ] satisfies StockEvent[]);
    expect(await json(`/api/catalogue/details/${flask}`)).toMatchObject({ quantity: 1, inStock: true });
    // An unknown id is left out.
    expect(await json(`/api/catalogue/availability?detailIds=${flask},${empty},nope`)).toEqual({
      details: [
        { detailId: flask, available: 1 },
        { detailId: empty, available: 0 },
      ],
    });
    expect((await read('/api/catalogue/availability?detailIds=,')).statusCode).toBe(400);
  });
});

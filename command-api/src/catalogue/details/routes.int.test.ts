import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subproductStream } from '@labshop/contracts/catalogue/events';
import { startCatalogueFixture, UNKNOWN_ID, type CatalogueFixture } from '../testing/fixture.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

const detailsOf = (productId: string, subproductId: string) => `${fx.subproductUrl(productId, subproductId)}/details`;

const everyField = {
  productType: '96 tests',
  quantity: 10_000,
  priceCents: 10_000_000,
  addPercentage: 12.5,
  priceTiers: [{ priceCents: 40_000, packSize: '5 kits', description: 'Bulk pack', catalogNumber: 'MP-5' }],
  catalogNumber: 'MP-1',
  innerPackageId: 'PKG-7',
  bestseller: true,
  featured: true,
  featuredText: 'New this season',
  contents: '<p>Detects <strong>all</strong> species</p>',
  productUrl: 'https://example.com/mycoplasma',
};

describe('detail commands', () => {
  it('adds a detail with every field, in the subproduct stream, with the admin as actor', async () => {
    const productId = await fx.addProduct();
    const subproductId = await fx.addSubproduct(productId);
    const response = await fx.send('POST', detailsOf(productId, subproductId), everyField);
    expect(response.statusCode, response.body).toBe(201);
    const { detailId, position } = response.json();
    const [event] = await fx.streamEvents(subproductStream(subproductId));
    expect(event).toMatchObject({
      type: 'DetailCreated',
      position,
      data: { productId, subproductId, detailId, displayOrder: 0, fields: everyField },
    });
    expect(event?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });
  });

  it('stores rich text sanitised, on creation and on edit', async () => {
    const productId = await fx.addProduct();
    const subproductId = await fx.addSubproduct(productId);
    const detailId = await fx.addDetail(productId, subproductId, {
      productType: 'Kit',
      quantity: 1,
      priceCents: 100,
      contents: '<p onmouseover="alert(1)">Kit</p><script>alert(document.cookie)</script><img src=x onerror=alert(1)>',
    });
    await fx.ok('PATCH', fx.detailUrl(productId, subproductId, detailId), {
      contents: '<a href="javascript:alert(1)">manual</a><iframe src="//evil"></iframe>',
    });
    const [created, updated] = await fx.streamEvents(subproductStream(subproductId));
    expect((created?.data as { fields: { contents: string } }).fields.contents).toBe('<p>Kit</p>');
    expect((updated?.data as { changes: unknown }).changes).toEqual({
      contents: '<a rel="noopener noreferrer">manual</a>',
    });
  });

  it.each([
    [{ quantity: 1, priceCents: 1 }, 'productType', 'Product type is required'],
    [
      { productType: 'x'.repeat(51), quantity: 1, priceCents: 1 },
      'productType',
      'Product type must be at most 50 characters',
    ],
    [{ productType: 'Kit', priceCents: 1 }, 'quantity', 'Valid quantity is required (min 0)'],
    [{ productType: 'Kit', quantity: -1, priceCents: 1 }, 'quantity', 'Valid quantity is required (min 0)'],
    [{ productType: 'Kit', quantity: 10_001, priceCents: 1 }, 'quantity', 'Quantity must be at most 10000'],
    [{ productType: 'Kit', quantity: 1 }, 'priceCents', 'Valid price is required (min 0)'],
    [{ productType: 'Kit', quantity: 1, priceCents: -5 }, 'priceCents', 'Valid price is required (min 0)'],
    [{ productType: 'Kit', quantity: 1, priceCents: 10_000_001 }, 'priceCents', 'Price must be at most $100,000'],
    [{ productType: 'Kit', quantity: 1, priceCents: 12.5 }, 'priceCents', 'Valid price is required (min 0)'],
    [
      { productType: 'Kit', quantity: 1, priceCents: 1, innerPackageId: 'p'.repeat(51) },
      'innerPackageId',
      'Inner package id must be at most 50 characters',
    ],
    [
      { productType: 'Kit', quantity: 1, priceCents: 1, productUrl: 'javascript:alert(1)' },
      'productUrl',
      'Product URL must start with http:// or https://',
    ],
    [
      { productType: 'Kit', quantity: 1, priceCents: 1, addPercentage: 150 },
      'addPercentage',
      'Discount must be between 0 and 100 percent',
    ],
    [
      { productType: 'Kit', quantity: 1, priceCents: 1, priceTiers: [{ priceCents: 1, packSize: '' }] },
      'priceTiers.0.packSize',
      'Pack size is required',
    ],
    [
      { productType: 'Kit', quantity: 1, priceCents: 1, contents: 'x'.repeat(100_001) },
      'contents',
      'Contents must be at most 100000 characters',
    ],
    [{ productType: 'Kit', quantity: 1, priceCents: 1, imageName: 'a.png' }, 'body', expect.any(String)],
    [{ productType: { $ne: null }, quantity: 1, priceCents: 1 }, 'productType', 'Product type must be text'],
  ])('refuses %#: %j with 400 and writes nothing', async (payload, field, message) => {
    const productId = await fx.addProduct();
    const subproductId = await fx.addSubproduct(productId);
    const response = await fx.writesNothing(() => fx.send('POST', detailsOf(productId, subproductId), payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { [field]: message } });
  });

  it('refuses a bad edit with 400 and writes nothing', async () => {
    const { productId, subproductId, detailId } = await fx.addTree();
    for (const payload of [{}, { quantity: -1 }, { priceCents: '9.99' }, { visible: 'no' }, { displayOrder: 2 }]) {
      const response = await fx.writesNothing(() =>
        fx.send('PATCH', fx.detailUrl(productId, subproductId, detailId), payload),
      );
      expect(response.statusCode).toBe(400);
    }
  });

  it('records only the fields an edit really changes, and visibility as its own event', async () => {
    const { productId, subproductId, detailId } = await fx.addTree();
    await fx.ok('PATCH', fx.detailUrl(productId, subproductId, detailId), {
      productType: '96 tests',
      quantity: 4,
      priceCents: 45_000,
      visible: false,
    });
    await fx.writesNothing(() =>
      fx.ok('PATCH', fx.detailUrl(productId, subproductId, detailId), { quantity: 4, visible: false }),
    );
    const events = (await fx.streamEvents(subproductStream(subproductId))).slice(1);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['DetailUpdated', { productId, subproductId, detailId, changes: { quantity: 4 } }],
      ['DetailVisibilityChanged', { productId, subproductId, detailId, visible: false }],
    ]);
  });

  it('reorders and deletes; an unknown detail is 404 and writes nothing', async () => {
    const { productId, subproductId, detailId } = await fx.addTree();
    const second = await fx.addDetail(productId, subproductId);
    await fx.ok('PUT', `${detailsOf(productId, subproductId)}/order`, { detailIds: [second, detailId] });
    await fx.ok('DELETE', fx.detailUrl(productId, subproductId, detailId));
    expect((await fx.streamEvents(subproductStream(subproductId))).map((e) => e.type)).toEqual([
      'DetailCreated',
      'DetailCreated',
      'DetailsReordered',
      'DetailDeleted',
    ]);
    const gone = await fx.writesNothing(() => fx.send('DELETE', fx.detailUrl(productId, subproductId, detailId)));
    expect(gone.json()).toMatchObject({ error: 'NotFound', message: 'Detail not found' });
    const unknown = await fx.writesNothing(() =>
      fx.send('PATCH', fx.detailUrl(productId, subproductId, UNKNOWN_ID), { quantity: 1 }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 under an unknown, deleted or wrong parent, writing nothing', async () => {
    const tree = await fx.addTree();
    const other = await fx.addProduct('Other');
    const create = (productId: string, subproductId: string) =>
      fx.writesNothing(() =>
        fx.send('POST', detailsOf(productId, subproductId), { productType: 'Kit', quantity: 1, priceCents: 1 }),
      );
    expect((await create(UNKNOWN_ID, tree.subproductId)).json().message).toBe('Product not found');
    expect((await create(tree.productId, UNKNOWN_ID)).json().message).toBe('Subproduct not found');
    expect((await create(other, tree.subproductId)).json().message).toBe('Subproduct not found');

    await fx.ok('DELETE', fx.subproductUrl(tree.productId, tree.subproductId));
    expect((await create(tree.productId, tree.subproductId)).statusCode).toBe(404);
    const edit = await fx.writesNothing(() =>
      fx.send('PATCH', fx.detailUrl(tree.productId, tree.subproductId, tree.detailId), { quantity: 9 }),
    );
    expect(edit.statusCode).toBe(404);

    const second = await fx.addTree();
    await fx.ok('DELETE', fx.productUrl(second.productId));
    const underDeletedProduct = await fx.writesNothing(() =>
      fx.send('DELETE', fx.detailUrl(second.productId, second.subproductId, second.detailId)),
    );
    expect(underDeletedProduct.json()).toMatchObject({ error: 'NotFound', message: 'Product not found' });
  });

  it('answers 401 without a session and 403 for a customer, writing nothing', async () => {
    const { productId, subproductId, detailId } = await fx.addTree();
    await fx.writesNothing(async () => {
      expect(
        (
          await fx.send(
            'POST',
            detailsOf(productId, subproductId),
            { productType: 'Kit', quantity: 1, priceCents: 1 },
            {},
          )
        ).statusCode,
      ).toBe(401);
      expect(
        (await fx.send('DELETE', fx.detailUrl(productId, subproductId, detailId), undefined, fx.customer)).statusCode,
      ).toBe(403);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '@labshop/contracts/catalogue/events';
import { startCatalogueFixture, UNKNOWN_ID, type CatalogueFixture } from '../testing/fixture.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

const subproductsOf = (productId: string) => `/api/admin/catalogue/products/${productId}/subproducts`;

describe('subproduct commands', () => {
  it("adds subproducts into the product's stream, each below the last, with the admin as actor", async () => {
    const productId = await fx.addProduct();
    const first = await fx.send('POST', subproductsOf(productId), { name: '  PCR Kits ' });
    expect(first.statusCode).toBe(201);
    await fx.addSubproduct(productId, 'Reagents');
    const events = await fx.streamEvents(productStream(productId));
    expect(events.map((e) => e.data)).toEqual([
      { productId, subproductId: first.json().subproductId, name: 'PCR Kits', displayOrder: 0 },
      { productId, subproductId: expect.any(String), name: 'Reagents', displayOrder: 1 },
    ]);
    expect(events[0]?.metadata.actor).toMatchObject({ kind: 'admin', email: 'admin@labshop.test' });
    expect(events[0]?.position).toBe(first.json().position);
  });

  it.each([
    [{}, 'name', 'Subproduct name is required'],
    [{ name: ' ' }, 'name', 'Subproduct name is required'],
    [{ name: 7 }, 'name', 'Subproduct name must be text'],
    [{ name: 'x'.repeat(101) }, 'name', 'Subproduct name must be at most 100 characters'],
    [{ name: 'ok', displayOrder: 3 }, 'body', expect.any(String)],
  ])('refuses %j with 400 and writes nothing', async (payload, field, message) => {
    const productId = await fx.addProduct();
    const response = await fx.writesNothing(() => fx.send('POST', subproductsOf(productId), payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'BadRequest', fields: { [field]: message } });
  });

  it('answers 404 for an unknown or deleted product, and 400 for an id that is not one', async () => {
    const unknown = await fx.writesNothing(() => fx.send('POST', subproductsOf(UNKNOWN_ID), { name: 'x' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'NotFound', message: 'Product not found' });
    const productId = await fx.addProduct();
    const subproductId = await fx.addSubproduct(productId);
    await fx.ok('DELETE', fx.productUrl(productId));
    for (const [method, url, payload] of [
      ['POST', subproductsOf(productId), { name: 'x' }],
      ['PATCH', fx.subproductUrl(productId, subproductId), { name: 'y' }],
      ['DELETE', fx.subproductUrl(productId, subproductId), undefined],
    ] as const) {
      const response = await fx.writesNothing(() => fx.send(method, url, payload));
      expect(response.statusCode).toBe(404);
    }
    expect((await fx.send('POST', subproductsOf('42'), { name: 'x' })).json()).toMatchObject({
      fields: { productId: 'Product must be a valid id' },
    });
  });

  it('answers 401 without a session and 403 for a customer, writing nothing', async () => {
    const productId = await fx.addProduct();
    await fx.writesNothing(async () => {
      expect((await fx.send('POST', subproductsOf(productId), { name: 'x' }, {})).statusCode).toBe(401);
      const forbidden = await fx.send('POST', subproductsOf(productId), { name: 'x' }, fx.customer);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().message).toBe('Access Denied! Please log in as an Admin.');
    });
  });

  it('renames, hides, reorders and deletes, recording only real changes', async () => {
    const productId = await fx.addProduct();
    const a = await fx.addSubproduct(productId, 'Alpha');
    const b = await fx.addSubproduct(productId, 'Beta');
    await fx.ok('PATCH', fx.subproductUrl(productId, a), { name: 'Alpha 2', visible: false });
    await fx.writesNothing(() => fx.ok('PATCH', fx.subproductUrl(productId, a), { name: 'Alpha 2' }));
    await fx.ok('PUT', `${subproductsOf(productId)}/order`, { subproductIds: [b, a] });
    await fx.ok('DELETE', fx.subproductUrl(productId, a));
    const types = (await fx.streamEvents(productStream(productId))).map((e) => e.type);
    expect(types).toEqual([
      'SubproductCreated',
      'SubproductCreated',
      'SubproductRenamed',
      'SubproductVisibilityChanged',
      'SubproductsReordered',
      'SubproductDeleted',
    ]);

    const again = await fx.writesNothing(() => fx.send('DELETE', fx.subproductUrl(productId, a)));
    expect(again.json()).toMatchObject({ error: 'NotFound', message: 'Subproduct not found' });
    const badOrder = await fx.writesNothing(() =>
      fx.send('PUT', `${subproductsOf(productId)}/order`, { subproductIds: [b, a] }),
    );
    expect(badOrder.json()).toMatchObject({
      fields: { subproductIds: 'The new order must list every subproduct exactly once' },
    });
    const nothing = await fx.send('PATCH', fx.subproductUrl(productId, b), {});
    expect(nothing.json()).toMatchObject({ error: 'BadRequest', message: 'Nothing to change: send a name or visible' });
  });

  it('keeps every one of concurrent additions with distinct display orders', async () => {
    const productId = await fx.addProduct();
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => fx.send('POST', subproductsOf(productId), { name: `S${i}` })),
    );
    const created = responses.filter((r) => r.statusCode === 201).length;
    expect(created + responses.filter((r) => r.statusCode === 409).length).toBe(6);
    const orders = (await fx.streamEvents(productStream(productId))).map(
      (e) => (e.data as { displayOrder: number }).displayOrder,
    );
    expect(orders).toHaveLength(created);
    expect(new Set(orders).size).toBe(created);
  });
});

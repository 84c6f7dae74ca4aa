import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@labshop/contracts/domain-error';
import { createPostgresEventStore } from '@labshop/platform/event-store/index';
import { subproductStream } from '@labshop/contracts/catalogue/events';
import { productDetailPath } from '@labshop/contracts/carts/product-path';
import { startCatalogueFixture, type CatalogueFixture } from './testing/fixture.ts';
import { SELECT_PRICE_OPTION } from '@labshop/contracts/catalogue/offer-option';
import { currentOffer, findCurrentOffer, NO_LONGER_AVAILABLE } from './prices.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(() => fx.close());

const tiered = {
  productType: 'Exosome kit',
  quantity: 3,
  priceCents: 50_000,
  addPercentage: 12.5,
  catalogNumber: 'EX-1',
  innerPackageId: 'PK-9',
  priceTiers: [
    { priceCents: 19_999, packSize: '10 ml', catalogNumber: 'EX-10' },
    { priceCents: 90_000, packSize: '50 ml' },
  ],
};

async function tieredTree() {
  const productId = await fx.addProduct();
  const subproductId = await fx.addSubproduct(productId, 'Isolation kits');
  const detailId = await fx.addDetail(productId, subproductId, tiered);
  return { productId, subproductId, detailId };
}

describe('currentOffer', () => {
  it('prices a tier at its list price less the detail discount, with what a line shows', async () => {
    const { subproductId, detailId } = await tieredTree();
    expect(await currentOffer(fx.stores.eventStore, { subproductId, detailId, packSize: '10 ml' })).toEqual({
      detailId,
      subproductId,
      packSize: '10 ml',
      unitPriceCents: 17_499, // 19,999 × 0.875 = 17,499.125
      listPriceCents: 19_999,
      discountPercent: 12.5,
      catalogNumber: 'EX-10',
      innerPackageId: 'PK-9',
      productName: 'Isolation kits',
      productType: 'Exosome kit',
      imageUrl: null,
      productPath: productDetailPath(detailId, 'Exosome kit'),
      inStock: true,
    });
    // A tier without its own catalogue number shows the detail's.
    expect(await currentOffer(fx.stores.eventStore, { subproductId, detailId, packSize: '50 ml' })).toMatchObject({
      unitPriceCents: 78_750,
      catalogNumber: 'EX-1',
    });
  });

  it('prices a detail without tiers by itself and says when it is out of stock', async () => {
    const { subproductId, detailId, productId } = await fx.addTree();
    await fx.ok('PATCH', fx.detailUrl(productId, subproductId, detailId), { quantity: 0 });
    expect(await currentOffer(fx.stores.eventStore, { subproductId, detailId, packSize: null })).toMatchObject({
      packSize: null,
      unitPriceCents: 45_000,
      listPriceCents: 45_000,
      discountPercent: 0,
      inStock: false,
    });
  });

  it('needs a pack size when the detail has tiers, and refuses one it does not sell', async () => {
    const { subproductId, detailId } = await tieredTree();
    const missing = await currentOffer(fx.stores.eventStore, { subproductId, detailId, packSize: null }).catch(
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(DomainError);
    expect(missing).toMatchObject({
      kind: 'invalid',
      message: SELECT_PRICE_OPTION,
      fields: { packSize: SELECT_PRICE_OPTION },
    });
    const unknown = await currentOffer(fx.stores.eventStore, { subproductId, detailId, packSize: '1 litre' }).catch(
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({ kind: 'not_found', message: NO_LONGER_AVAILABLE });
  });

  it('sees an admin price change at once', async () => {
    const { productId, subproductId, detailId } = await tieredTree();
    const ref = { subproductId, detailId, packSize: '10 ml' };
    expect((await currentOffer(fx.stores.eventStore, ref)).unitPriceCents).toBe(17_499);
    await fx.ok('PATCH', fx.detailUrl(productId, subproductId, detailId), { addPercentage: 0 });
    expect((await currentOffer(fx.stores.eventStore, ref)).unitPriceCents).toBe(19_999);
    await fx.ok('PATCH', fx.subproductUrl(productId, subproductId), { name: 'Kits' });
    expect((await currentOffer(fx.stores.eventStore, ref)).productName).toBe('Kits');
  });

  it('sees a price change made through another instance within the lag of the catalogue events', async () => {
    const { productId, subproductId, detailId } = await tieredTree();
    const ref = { subproductId, detailId, packSize: '10 ml' };
    expect((await currentOffer(fx.stores.eventStore, ref)).unitPriceCents).toBe(17_499);
    const otherInstance = createPostgresEventStore({ connectionString: fx.stores.databaseUrl });
    try {
      const metadata = {
        actor: { kind: 'admin' as const, id: crypto.randomUUID(), email: 'other@labshop.test' },
        correlationId: crypto.randomUUID(),
        causationId: crypto.randomUUID(),
        occurredAt: new Date().toISOString(),
      };
      await otherInstance.append(
        subproductStream(subproductId),
        [
          {
            type: 'DetailUpdated',
            data: { productId, subproductId, detailId, changes: { addPercentage: 0 } },
            metadata,
          },
        ],
        { expectedRevision: 'any' },
      );
    } finally {
      await otherInstance.close();
    }
    const until = Date.now() + 5_000;
    let price = (await currentOffer(fx.stores.eventStore, ref)).unitPriceCents;
    while (price !== 19_999 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      price = (await currentOffer(fx.stores.eventStore, ref)).unitPriceCents;
    }
    expect(price).toBe(19_999);
  });

  it('is not sold once the detail, its subproduct or its product is hidden or deleted, or the tier is gone', async () => {
    const store = fx.stores.eventStore;
    const unavailable = async (change: (tree: Awaited<ReturnType<typeof tieredTree>>) => Promise<unknown>) => {
      const tree = await tieredTree();
      const ref = { subproductId: tree.subproductId, detailId: tree.detailId, packSize: '10 ml' };
      expect(await findCurrentOffer(store, ref)).not.toBeNull();
      await change(tree);
      return findCurrentOffer(store, ref);
    };
    expect(
      await unavailable((t) =>
        fx.ok('PATCH', fx.detailUrl(t.productId, t.subproductId, t.detailId), { visible: false }),
      ),
    ).toBeNull();
    expect(await unavailable((t) => fx.ok('DELETE', fx.detailUrl(t.productId, t.subproductId, t.detailId)))).toBeNull();
    expect(
      await unavailable((t) => fx.ok('PATCH', fx.subproductUrl(t.productId, t.subproductId), { visible: false })),
    ).toBeNull();
    expect(await unavailable((t) => fx.ok('DELETE', fx.subproductUrl(t.productId, t.subproductId)))).toBeNull();
    expect(await unavailable((t) => fx.ok('PATCH', fx.productUrl(t.productId), { visible: false }))).toBeNull();
    expect(await unavailable((t) => fx.ok('DELETE', fx.productUrl(t.productId)))).toBeNull();
    expect(
      await unavailable((t) =>
        fx.ok('PATCH', fx.detailUrl(t.productId, t.subproductId, t.detailId), {
          priceTiers: [{ priceCents: 1, packSize: '50 ml' }],
        }),
      ),
    ).toBeNull();
    expect(
      await findCurrentOffer(store, {
        subproductId: crypto.randomUUID(),
        detailId: crypto.randomUUID(),
        packSize: null,
      }),
    ).toBeNull();
  });
});

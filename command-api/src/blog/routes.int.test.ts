import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_STREAM } from '@labshop/contracts/content/blog-events';
import { startCatalogueFixture, UNKNOWN_ID, type CatalogueFixture } from '../catalogue/testing/fixture.ts';

let fx: CatalogueFixture;
beforeAll(async () => {
  fx = await startCatalogueFixture();
});
afterAll(async () => {
  await fx?.close();
});

const BASE = '/api/admin/blog';

async function addSection(productName = 'Cell culture') {
  return fx.ok('POST', `${BASE}/sections`, { productName, description: 'Media and sera' }) as Promise<{
    itemId: string;
    packageId: string;
  }>;
}

describe('blog commands', () => {
  it("adds a section with a generated package id and inner items with the section's package id and their own inner package id", async () => {
    const section = await addSection();
    expect(section.packageId).toMatch(/^PKG-[0-9A-F]{10}$/);
    const item = await fx.ok('POST', `${BASE}/sections/${section.itemId}/items`, {
      productName: 'DMEM',
      description: 'High glucose',
    });
    expect(item.packageId).toBe(section.packageId);
    expect(item.innerPackageId).toMatch(new RegExp(`^${section.packageId}-[0-9A-F]{6}$`));
    const events = await fx.streamEvents(BLOG_STREAM);
    expect(events.at(-1)).toMatchObject({
      type: 'BlogItemAdded',
      data: { sectionId: section.itemId, productName: 'DMEM' },
      metadata: { actor: { kind: 'admin' } },
    });
  });

  it('refuses bad input with messages and writes nothing', async () => {
    const section = await addSection('Sera');
    const cases: [string, string, object, Record<string, string>][] = [
      ['POST', `${BASE}/sections`, { productName: '', description: '' }, { productName: 'Title is required' }],
      [
        'POST',
        `${BASE}/sections`,
        { productName: 'x\u0000', description: '' },
        { productName: 'Title contains characters that are not allowed' },
      ],
      [
        'POST',
        `${BASE}/sections/${section.itemId}/items`,
        { productName: 'x', description: 'y'.repeat(2_001) },
        { description: 'Description must be at most 2000 characters' },
      ],
      ['POST', `${BASE}/items/delete`, { items: [] }, { items: 'No items selected for deletion.' }],
      ['PUT', `${BASE}/items`, { items: [] }, { items: 'Check the rows to update first.' }],
    ];
    for (const [method, url, body, fields] of cases) {
      const response = await fx.writesNothing(() => fx.send(method as 'POST', url, body));
      expect(response.statusCode, url).toBe(400);
      expect(response.json().fields).toMatchObject(fields);
    }
    const huge = await fx.writesNothing(() =>
      fx.send('POST', `${BASE}/sections`, { productName: 'x', description: 'y'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.statusCode).toBe(413);
    expect(
      (await fx.writesNothing(() => fx.send('POST', `${BASE}/sections/${UNKNOWN_ID}/items`, { productName: 'x' })))
        .statusCode,
    ).toBe(404);
  });

  it('updates the checked rows all together, or none when one of them is stale', async () => {
    const section = await addSection('Plastics');
    const item = await fx.ok('POST', `${BASE}/sections/${section.itemId}/items`, {
      productName: 'Flasks',
      description: '',
    });
    const rows = [
      { itemId: section.itemId, productName: 'Plasticware', description: 'Flasks and plates', expectedVersion: 1 },
      { itemId: item.itemId!, productName: 'T75 flasks', description: '', expectedVersion: 1 },
    ];
    expect((await fx.send('PUT', `${BASE}/items`, { items: rows })).statusCode).toBe(200);
    expect((await fx.streamEvents(BLOG_STREAM)).at(-1)).toMatchObject({
      type: 'BlogItemsUpdated',
      data: { items: [{ itemId: section.itemId }, { itemId: item.itemId }] },
    });

    // The section moved on to version 2; the inner item is asked for at version 2, the section still at 1: neither is saved.
    const stale = await fx.writesNothing(() =>
      fx.send('PUT', `${BASE}/items`, {
        items: [
          { ...rows[0], productName: 'Mine', expectedVersion: 1 },
          { ...rows[1], productName: 'Mine too', expectedVersion: 2 },
        ],
      }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toEqual({ itemIds: [section.itemId] });
  });

  it('deletes the checked rows as an event, a section with its inner items', async () => {
    const section = await addSection('Antibodies');
    const item = await fx.ok('POST', `${BASE}/sections/${section.itemId}/items`, {
      productName: 'Anti-CD63',
      description: '',
    });
    expect(
      (
        await fx.writesNothing(() =>
          fx.send('POST', `${BASE}/items/delete`, { items: [{ itemId: section.itemId, expectedVersion: 5 }] }),
        )
      ).statusCode,
    ).toBe(409);
    expect(
      (await fx.send('POST', `${BASE}/items/delete`, { items: [{ itemId: section.itemId, expectedVersion: 1 }] }))
        .statusCode,
    ).toBe(200);
    expect((await fx.streamEvents(BLOG_STREAM)).at(-1)).toMatchObject({
      type: 'BlogItemsDeleted',
      data: { itemIds: [section.itemId, item.itemId] },
    });
  });

  it('is for admins only: 403 with a customer token', async () => {
    for (const [method, url, body] of [
      ['POST', `${BASE}/sections`, { productName: 'x' }],
      ['POST', `${BASE}/sections/${UNKNOWN_ID}/items`, { productName: 'x' }],
      ['PUT', `${BASE}/items`, { items: [] }],
      ['POST', `${BASE}/items/delete`, { items: [] }],
    ] as const) {
      expect((await fx.writesNothing(() => fx.send(method, url, body, fx.customer))).statusCode).toBe(403);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { catalogueProducts } from './projection.ts';

const product = async (id: string, events: Parameters<typeof replay>[1]) => (await replay(catalogueProducts, events)).get(id) ?? null;

describe('catalogue-products projection', () => {
  const created = recorded('ProductCreated', { productId: 'p1', name: 'Mycoplasma', displayOrder: 0 }, '2026-01-01T00:00:00.000Z');

  it('records a product with its name, order and visibility', async () => {
    expect(await product('p1', [created])).toMatchObject({ id: 'p1', name: 'Mycoplasma', displayOrder: 0, visible: true, createdAt: '2026-01-01T00:00:00.000Z' });
  });

  it('follows renames, visibility and reordering, stamping the time of the change', async () => {
    const events = [
      created,
      recorded('ProductCreated', { productId: 'p2', name: 'Western Blot', displayOrder: 1 }),
      recorded('ProductRenamed', { productId: 'p1', name: 'Mycoplasma Detection' }),
      recorded('ProductVisibilityChanged', { productId: 'p1', visible: false }),
      recorded('ProductsReordered', { productIds: ['p2', 'p1'] }, '2026-02-01T00:00:00.000Z'),
    ];
    expect(await product('p1', events)).toMatchObject({ name: 'Mycoplasma Detection', visible: false, displayOrder: 1, updatedAt: '2026-02-01T00:00:00.000Z' });
    expect(await product('p2', events)).toMatchObject({ displayOrder: 0 });
  });

  it('removes a deleted product and ignores events of other models', async () => {
    expect(await product('p1', [created, recorded('ProductDeleted', { productId: 'p1' })])).toBeNull();
    expect((await replay(catalogueProducts, [recorded('AdminSignedIn', { adminId: 'a1' })])).size).toBe(0);
  });
});

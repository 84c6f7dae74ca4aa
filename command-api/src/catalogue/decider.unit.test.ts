import { describe, expect, it } from 'vitest';
import type { CatalogueEvent } from '@labshop/shared/events/catalogue';
import { catalogueDecider, type CatalogueCommand } from './decider.ts';
import { refusal } from '@labshop/shared/testing/decider-spec';

const { initialState, evolve, decide } = catalogueDecider;
const given = (events: CatalogueEvent[]) => events.reduce(evolve, initialState());
const when = (events: CatalogueEvent[], command: CatalogueCommand) => decide(command, given(events));

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const created = (productId: string, name: string, displayOrder: number): CatalogueEvent => ({
  type: 'ProductCreated',
  data: { productId, name, displayOrder },
});
const threeProducts = [created(A, 'Mycoplasma', 0), created(B, 'Western Blot', 1), created(C, 'Lab Consumables', 2)];

describe('catalogue decider', () => {
  it('creates a product at the end of the display order', () => {
    expect(when(threeProducts.slice(0, 2), { type: 'CreateProduct', productId: C, name: 'Lab Consumables' })).toEqual([
      created(C, 'Lab Consumables', 2),
    ]);
  });

  it('refuses a product named like another, whatever its case and spaces, as an add or a rename', () => {
    const message = 'A product named “Western Blot” already exists';
    const refused = expect.objectContaining({ kind: 'conflict', message, fields: { name: message } });
    const D = '00000000-0000-4000-8000-00000000000d';
    expect(() => when(threeProducts, { type: 'CreateProduct', productId: D, name: '  western   BLOT' })).toThrow(refused);
    expect(() => when(threeProducts, { type: 'EditProduct', productId: A, name: 'WesternBlot' })).toThrow(refused);
    expect(when(threeProducts, { type: 'EditProduct', productId: B, name: 'Western blot' })).toHaveLength(1);
  });

  it('refuses a second product with the same id', () => {
    expect(refusal(() => when([created(A, 'x', 0)], { type: 'CreateProduct', productId: A, name: 'y' })).kind).toBe('conflict');
  });

  it('renames and hides in one edit, and only records what changed', () => {
    expect(when(threeProducts, { type: 'EditProduct', productId: A, name: 'Mycoplasma Detection', visible: false })).toEqual([
      { type: 'ProductRenamed', data: { productId: A, name: 'Mycoplasma Detection' } },
      { type: 'ProductVisibilityChanged', data: { productId: A, visible: false } },
    ]);
    expect(when(threeProducts, { type: 'EditProduct', productId: A, name: 'Mycoplasma', visible: true })).toEqual([]);
  });

  it('refuses to edit or delete an unknown product', () => {
    expect(refusal(() => when(threeProducts, { type: 'EditProduct', productId: '00000000-0000-4000-8000-0000000000ff', name: 'x' })).kind).toBe(
      'not_found',
    );
    expect(refusal(() => when([], { type: 'DeleteProduct', productId: A })).kind).toBe('not_found');
  });

  it('reorders only with every product exactly once', () => {
    expect(when(threeProducts, { type: 'ReorderProducts', productIds: [C, A, B] })).toEqual([
      { type: 'ProductsReordered', data: { productIds: [C, A, B] } },
    ]);
    for (const productIds of [[A, B], [A, B, B], [A, B, C, A], [A, B, '00000000-0000-4000-8000-0000000000ff']]) {
      expect(refusal(() => when(threeProducts, { type: 'ReorderProducts', productIds })).fields).toHaveProperty('productIds');
    }
    expect(when(threeProducts, { type: 'ReorderProducts', productIds: [A, B, C] })).toEqual([]);
  });

  it('places a product created after a deletion below all others', () => {
    const afterDelete = [...threeProducts, { type: 'ProductDeleted', data: { productId: A } } as CatalogueEvent];
    const D = '00000000-0000-4000-8000-00000000000d';
    expect(when(afterDelete, { type: 'CreateProduct', productId: D, name: 'Electrophoresis' })).toEqual([created(D, 'Electrophoresis', 3)]);
  });

  it('forgets a deleted product, so the order no longer needs it', () => {
    const afterDelete = [...threeProducts, { type: 'ProductDeleted', data: { productId: B } } as CatalogueEvent];
    expect(given(afterDelete).order).toEqual([A, C]);
    expect(when(afterDelete, { type: 'ReorderProducts', productIds: [C, A] })).toHaveLength(1);
  });
});

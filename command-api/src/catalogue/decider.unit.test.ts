import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { CatalogueEvent } from '@labshop/contracts/catalogue/events';
import { catalogueDecider } from './decider.ts';

const catalogue = spec(catalogueDecider);

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
    catalogue
      .given(threeProducts.slice(0, 2))
      .when({ type: 'CreateProduct', productId: C, name: 'Lab Consumables' })
      .then([created(C, 'Lab Consumables', 2)]);
  });

  it('refuses a product named like another, whatever its case and spaces, as an add or a rename', () => {
    const message = 'A product named “Western Blot” already exists';
    const refused = expect.objectContaining({ kind: 'conflict', message, fields: { name: message } });
    const D = '00000000-0000-4000-8000-00000000000d';
    expect(() =>
      catalogue.given(threeProducts).when({ type: 'CreateProduct', productId: D, name: '  western   BLOT' }).events(),
    ).toThrow(refused);
    expect(() =>
      catalogue.given(threeProducts).when({ type: 'EditProduct', productId: A, name: 'WesternBlot' }).events(),
    ).toThrow(refused);
    expect(
      catalogue.given(threeProducts).when({ type: 'EditProduct', productId: B, name: 'Western blot' }).events(),
    ).toHaveLength(1);
  });

  it('refuses a second product with the same id', () => {
    catalogue
      .given([created(A, 'x', 0)])
      .when({ type: 'CreateProduct', productId: A, name: 'y' })
      .thenThrows('conflict');
  });

  it('renames and hides in one edit, and only records what changed', () => {
    catalogue
      .given(threeProducts)
      .when({ type: 'EditProduct', productId: A, name: 'Mycoplasma Detection', visible: false })
      .then([
        { type: 'ProductRenamed', data: { productId: A, name: 'Mycoplasma Detection' } },
        { type: 'ProductVisibilityChanged', data: { productId: A, visible: false } },
      ]);
    catalogue
      .given(threeProducts)
      .when({ type: 'EditProduct', productId: A, name: 'Mycoplasma', visible: true })
      .then([]);
  });

  it('refuses to edit or delete an unknown product', () => {
    expect(
      catalogue
        .given(threeProducts)
        .when({ type: 'EditProduct', productId: '00000000-0000-4000-8000-0000000000ff', name: 'x' })
        .refusal().kind,
    ).toBe('not_found');
    catalogue.given([]).when({ type: 'DeleteProduct', productId: A }).thenThrows('not_found');
  });

  it('reorders only with every product exactly once', () => {
    catalogue
      .given(threeProducts)
      .when({ type: 'ReorderProducts', productIds: [C, A, B] })
      .then([{ type: 'ProductsReordered', data: { productIds: [C, A, B] } }]);
    for (const productIds of [
      [A, B],
      [A, B, B],
      [A, B, C, A],
      [A, B, '00000000-0000-4000-8000-0000000000ff'],
    ]) {
      expect(
        catalogue.given(threeProducts).when({ type: 'ReorderProducts', productIds }).refusal().fields,
      ).toHaveProperty('productIds');
    }
    catalogue
      .given(threeProducts)
      .when({ type: 'ReorderProducts', productIds: [A, B, C] })
      .then([]);
  });

  it('places a product created after a deletion below all others', () => {
    const afterDelete = [...threeProducts, { type: 'ProductDeleted', data: { productId: A } } as CatalogueEvent];
    const D = '00000000-0000-4000-8000-00000000000d';
    catalogue
      .given(afterDelete)
      .when({ type: 'CreateProduct', productId: D, name: 'Electrophoresis' })
      .then([created(D, 'Electrophoresis', 3)]);
  });

  it('forgets a deleted product, so the order no longer needs it', () => {
    const afterDelete = [...threeProducts, { type: 'ProductDeleted', data: { productId: B } } as CatalogueEvent];
    expect(catalogue.given(afterDelete).state().order).toEqual([A, C]);
    expect(
      catalogue
        .given(afterDelete)
        .when({ type: 'ReorderProducts', productIds: [C, A] })
        .events(),
    ).toHaveLength(1);
  });
});

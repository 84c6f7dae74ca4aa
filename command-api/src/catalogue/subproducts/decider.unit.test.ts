import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { ProductStreamEvent } from '@labshop/contracts/catalogue/events';
import { productStreamDecider } from './decider.ts';

const products = spec(productStreamDecider);

const P = '00000000-0000-4000-8000-0000000000a0';
const S1 = '00000000-0000-4000-8000-0000000000b1';
const S2 = '00000000-0000-4000-8000-0000000000b2';
const S3 = '00000000-0000-4000-8000-0000000000b3';
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';
const created = (subproductId: string, name: string, displayOrder: number): ProductStreamEvent => ({
  type: 'SubproductCreated',
  data: { productId: P, subproductId, name, displayOrder },
});
const three = [created(S1, 'PCR Kits', 0), created(S2, 'Reagents', 1), created(S3, 'Controls', 2)];

describe('product stream decider: content', () => {
  it('records new content, and nothing when it is the same', () => {
    const changed: ProductStreamEvent = {
      type: 'ProductContentChanged',
      data: { productId: P, content: '<p>Kit</p>' },
    };
    products.given([]).when({ type: 'ChangeProductContent', productId: P, content: '<p>Kit</p>' }).then([changed]);
    products.given([changed]).when({ type: 'ChangeProductContent', productId: P, content: '<p>Kit</p>' }).then([]);
    products
      .given([changed])
      .when({ type: 'ChangeProductContent', productId: P, content: '' })
      .then([{ type: 'ProductContentChanged', data: { productId: P, content: '' } }]);
  });
});

describe('product stream decider: subproducts', () => {
  it('adds a subproduct below the existing ones', () => {
    products
      .given(three.slice(0, 2))
      .when({ type: 'CreateSubproduct', productId: P, subproductId: S3, name: 'Controls' })
      .then([created(S3, 'Controls', 2)]);
  });

  it('refuses a subproduct named like a sibling, whatever its case and spaces, as an add or a rename', () => {
    const message = 'A subproduct named “PCR Kits” already exists in this product';
    const refused = expect.objectContaining({ kind: 'conflict', message, fields: { name: message } });
    expect(() =>
      products
        .given(three)
        .when({
          type: 'CreateSubproduct',
          productId: P,
          subproductId: '00000000-0000-4000-8000-0000000000b4',
          name: ' pcr  KITS ',
        })
        .events(),
    ).toThrow(refused);
    expect(() =>
      products.given(three).when({ type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Pcr kits' }).events(),
    ).toThrow(refused);
    expect(
      products.given(three).when({ type: 'EditSubproduct', productId: P, subproductId: S1, name: 'PCR kits' }).events(),
    ).toHaveLength(1);
  });

  it('refuses a second subproduct with the same id', () => {
    products
      .given(three)
      .when({ type: 'CreateSubproduct', productId: P, subproductId: S1, name: 'x' })
      .thenThrows('conflict');
  });

  it('renames and hides in one edit, recording only what changed', () => {
    products
      .given(three)
      .when({ type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Buffers', visible: false })
      .then([
        { type: 'SubproductRenamed', data: { productId: P, subproductId: S2, name: 'Buffers' } },
        { type: 'SubproductVisibilityChanged', data: { productId: P, subproductId: S2, visible: false } },
      ]);
    products
      .given(three)
      .when({ type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Reagents', visible: true })
      .then([]);
  });

  it('reorders only with every subproduct exactly once', () => {
    products
      .given(three)
      .when({ type: 'ReorderSubproducts', productId: P, subproductIds: [S3, S1, S2] })
      .then([{ type: 'SubproductsReordered', data: { productId: P, subproductIds: [S3, S1, S2] } }]);
    for (const subproductIds of [
      [S1, S2],
      [S1, S2, S2],
      [S1, S2, UNKNOWN],
    ]) {
      expect(
        products.given(three).when({ type: 'ReorderSubproducts', productId: P, subproductIds }).refusal().fields,
      ).toEqual({
        subproductIds: 'The new order must list every subproduct exactly once',
      });
    }
    products
      .given(three)
      .when({ type: 'ReorderSubproducts', productId: P, subproductIds: [S1, S2, S3] })
      .then([]);
  });

  it('deletes a subproduct, forgets it, and refuses unknown ones', () => {
    const deleted: ProductStreamEvent = { type: 'SubproductDeleted', data: { productId: P, subproductId: S2 } };
    products.given(three).when({ type: 'DeleteSubproduct', productId: P, subproductId: S2 }).then([deleted]);
    expect(products.given([...three, deleted]).state().order).toEqual([S1, S3]);
    products
      .given([...three, deleted])
      .when({ type: 'DeleteSubproduct', productId: P, subproductId: S2 })
      .thenThrows('not_found');
    expect(
      products.given(three).when({ type: 'EditSubproduct', productId: P, subproductId: UNKNOWN, name: 'x' }).refusal()
        .message,
    ).toBe('Subproduct not found');
  });

  it('places a subproduct added after a reorder and a deletion below all others', () => {
    const history = [
      ...three,
      { type: 'SubproductsReordered', data: { productId: P, subproductIds: [S3, S2, S1] } } as ProductStreamEvent,
    ];
    const S4 = '00000000-0000-4000-8000-0000000000b4';
    products
      .given(history)
      .when({ type: 'CreateSubproduct', productId: P, subproductId: S4, name: 'New' })
      .then([created(S4, 'New', 3)]);
  });
});

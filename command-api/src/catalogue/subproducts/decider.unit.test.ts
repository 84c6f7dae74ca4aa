import { describe, expect, it } from 'vitest';
import type { ProductStreamEvent } from '@labshop/shared/events/catalogue';
import { productStreamDecider, type ProductStreamCommand } from './decider.ts';
import { refusal } from '@labshop/shared/testing/decider-spec';

const { initialState, evolve, decide } = productStreamDecider;
const given = (events: ProductStreamEvent[]) => events.reduce(evolve, initialState());
const when = (events: ProductStreamEvent[], command: ProductStreamCommand) => decide(command, given(events));

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
    const changed: ProductStreamEvent = { type: 'ProductContentChanged', data: { productId: P, content: '<p>Kit</p>' } };
    expect(when([], { type: 'ChangeProductContent', productId: P, content: '<p>Kit</p>' })).toEqual([changed]);
    expect(when([changed], { type: 'ChangeProductContent', productId: P, content: '<p>Kit</p>' })).toEqual([]);
    expect(when([changed], { type: 'ChangeProductContent', productId: P, content: '' })).toEqual([
      { type: 'ProductContentChanged', data: { productId: P, content: '' } },
    ]);
  });
});

describe('product stream decider: subproducts', () => {
  it('adds a subproduct below the existing ones', () => {
    expect(when(three.slice(0, 2), { type: 'CreateSubproduct', productId: P, subproductId: S3, name: 'Controls' })).toEqual([created(S3, 'Controls', 2)]);
  });

  it('refuses a subproduct named like a sibling, whatever its case and spaces, as an add or a rename', () => {
    const message = 'A subproduct named “PCR Kits” already exists in this product';
    const refused = expect.objectContaining({ kind: 'conflict', message, fields: { name: message } });
    expect(() => when(three, { type: 'CreateSubproduct', productId: P, subproductId: '00000000-0000-4000-8000-0000000000b4', name: ' pcr  KITS ' })).toThrow(refused);
    expect(() => when(three, { type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Pcr kits' })).toThrow(refused);
    expect(when(three, { type: 'EditSubproduct', productId: P, subproductId: S1, name: 'PCR kits' })).toHaveLength(1);
  });

  it('refuses a second subproduct with the same id', () => {
    expect(refusal(() => when(three, { type: 'CreateSubproduct', productId: P, subproductId: S1, name: 'x' })).kind).toBe('conflict');
  });

  it('renames and hides in one edit, recording only what changed', () => {
    expect(when(three, { type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Buffers', visible: false })).toEqual([
      { type: 'SubproductRenamed', data: { productId: P, subproductId: S2, name: 'Buffers' } },
      { type: 'SubproductVisibilityChanged', data: { productId: P, subproductId: S2, visible: false } },
    ]);
    expect(when(three, { type: 'EditSubproduct', productId: P, subproductId: S2, name: 'Reagents', visible: true })).toEqual([]);
  });

  it('reorders only with every subproduct exactly once', () => {
    expect(when(three, { type: 'ReorderSubproducts', productId: P, subproductIds: [S3, S1, S2] })).toEqual([
      { type: 'SubproductsReordered', data: { productId: P, subproductIds: [S3, S1, S2] } },
    ]);
    for (const subproductIds of [[S1, S2], [S1, S2, S2], [S1, S2, UNKNOWN]]) {
      expect(refusal(() => when(three, { type: 'ReorderSubproducts', productId: P, subproductIds })).fields).toEqual({
        subproductIds: 'The new order must list every subproduct exactly once',
      });
    }
    expect(when(three, { type: 'ReorderSubproducts', productId: P, subproductIds: [S1, S2, S3] })).toEqual([]);
  });

  it('deletes a subproduct, forgets it, and refuses unknown ones', () => {
    const deleted: ProductStreamEvent = { type: 'SubproductDeleted', data: { productId: P, subproductId: S2 } };
    expect(when(three, { type: 'DeleteSubproduct', productId: P, subproductId: S2 })).toEqual([deleted]);
    expect(given([...three, deleted]).order).toEqual([S1, S3]);
    expect(refusal(() => when([...three, deleted], { type: 'DeleteSubproduct', productId: P, subproductId: S2 })).kind).toBe('not_found');
    expect(refusal(() => when(three, { type: 'EditSubproduct', productId: P, subproductId: UNKNOWN, name: 'x' })).message).toBe('Subproduct not found');
  });

  it('places a subproduct added after a reorder and a deletion below all others', () => {
    const history = [...three, { type: 'SubproductsReordered', data: { productId: P, subproductIds: [S3, S2, S1] } } as ProductStreamEvent];
    const S4 = '00000000-0000-4000-8000-0000000000b4';
    expect(when(history, { type: 'CreateSubproduct', productId: P, subproductId: S4, name: 'New' })).toEqual([created(S4, 'New', 3)]);
  });
});

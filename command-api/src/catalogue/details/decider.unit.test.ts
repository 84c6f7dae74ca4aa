import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { DetailFields, StoredFile, SubproductStreamEvent } from '@labshop/contracts/catalogue/events';
import { subproductStreamDecider, type SubproductStreamCommand } from './decider.ts';

const subproducts = spec(subproductStreamDecider);

const P = '00000000-0000-4000-8000-0000000000a0';
const S = '00000000-0000-4000-8000-0000000000b0';
const D1 = '00000000-0000-4000-8000-0000000000c1';
const D2 = '00000000-0000-4000-8000-0000000000c2';
const UNKNOWN = '00000000-0000-4000-8000-0000000000ff';
const ref = (detailId: string) => ({ productId: P, subproductId: S, detailId });

const fields: DetailFields = {
  productType: '96 tests',
  quantity: 12,
  priceCents: 45_000,
  addPercentage: 0,
  priceTiers: [{ priceCents: 40_000, packSize: '5 kits', description: 'Bulk', catalogNumber: 'MP-5' }],
  catalogNumber: 'MP-1',
  innerPackageId: '',
  bestseller: false,
  featured: false,
  featuredText: '',
  contents: '<p>Kit</p>',
  productUrl: null,
};
const created = (detailId: string, displayOrder: number): SubproductStreamEvent => ({
  type: 'DetailCreated',
  data: { ...ref(detailId), displayOrder, fields },
});
const two = [created(D1, 0), created(D2, 1)];
const image: StoredFile = {
  name: `${'a'.repeat(64)}.png`,
  originalName: 'kit.png',
  contentType: 'image/png',
  size: 1234,
};
const otherImage: StoredFile = { ...image, name: `${'b'.repeat(64)}.png` };

describe('subproduct stream decider: details', () => {
  it('adds a detail with all its fields below the existing ones', () => {
    const other = { ...fields, productType: '48 tests' };
    subproducts
      .given([created(D1, 0)])
      .when({ type: 'CreateDetail', ...ref(D2), fields: other })
      .then([{ type: 'DetailCreated', data: { ...ref(D2), displayOrder: 1, fields: other } }]);
    subproducts
      .given(two)
      .when({ type: 'CreateDetail', ...ref(D1), fields })
      .thenThrows('conflict');
  });

  it('refuses a second detail of a type the subproduct has, whatever its case and spaces, as an add or a rename', () => {
    const message = 'A detail of type “96 tests” already exists in this subproduct';
    const refused = expect.objectContaining({ kind: 'conflict', message, fields: { productType: message } });
    expect(() =>
      subproducts
        .given([created(D1, 0)])
        .when({ type: 'CreateDetail', ...ref(D2), fields: { ...fields, productType: ' 96  TESTS' } })
        .events(),
    ).toThrow(refused);
    const renamed = { type: 'DetailUpdated', data: { ...ref(D2), changes: { productType: '48 tests' } } } as const;
    expect(() =>
      subproducts
        .given([...two, renamed])
        .when({ type: 'EditDetail', ...ref(D2), changes: { productType: '96 Tests' } })
        .events(),
    ).toThrow(refused);
    // Its own type in another case is a rename of itself, not a duplicate.
    subproducts
      .given([created(D1, 0)])
      .when({ type: 'EditDetail', ...ref(D1), changes: { productType: '96 Tests' } })
      .then([{ type: 'DetailUpdated', data: { ...ref(D1), changes: { productType: '96 Tests' } } }]);
  });

  it('reads a detail created before the dry-ice flag as not shipping on dry ice, and records the flag when it is set', () => {
    // `fields` has no shipsOnDryIce, as DetailCreated events stored before it.
    subproducts
      .given(two)
      .when({ type: 'EditDetail', ...ref(D1), changes: { shipsOnDryIce: false } })
      .then([]);
    const set: SubproductStreamEvent[] = [
      { type: 'DetailUpdated', data: { ...ref(D1), changes: { shipsOnDryIce: true } } },
    ];
    subproducts
      .given(two)
      .when({ type: 'EditDetail', ...ref(D1), changes: { shipsOnDryIce: true } })
      .then(set);
    expect(subproducts.given([...two, ...set]).state().details[D1]?.fields.shipsOnDryIce).toBe(true);
  });

  it('records only the fields whose value changes, and visibility apart', () => {
    const edit: SubproductStreamCommand = {
      type: 'EditDetail',
      ...ref(D1),
      changes: { quantity: 11, priceCents: 45_000, productType: '96 tests', priceTiers: [...fields.priceTiers] },
      visible: false,
    };
    subproducts
      .given(two)
      .when(edit)
      .then([
        { type: 'DetailUpdated', data: { ...ref(D1), changes: { quantity: 11 } } },
        { type: 'DetailVisibilityChanged', data: { ...ref(D1), visible: false } },
      ]);
  });

  it('sees a price tier read back with its keys in another order as unchanged', () => {
    const reordered = { catalogNumber: 'MP-5', description: 'Bulk', packSize: '5 kits', priceCents: 40_000 };
    subproducts
      .given(two)
      .when({ type: 'EditDetail', ...ref(D1), changes: { priceTiers: [reordered] } })
      .then([]);
    subproducts
      .given(two)
      .when({ type: 'EditDetail', ...ref(D1), changes: { priceTiers: [{ ...reordered, priceCents: 39_000 }] } })
      .then([
        {
          type: 'DetailUpdated',
          data: { ...ref(D1), changes: { priceTiers: [{ ...reordered, priceCents: 39_000 }] } },
        },
      ]);
  });

  it('folds updates, so a change back is a change again', () => {
    const updated: SubproductStreamEvent = {
      type: 'DetailUpdated',
      data: { ...ref(D1), changes: { quantity: 0, productUrl: 'https://x.example' } },
    };
    subproducts
      .given([...two, updated])
      .when({ type: 'EditDetail', ...ref(D1), changes: { quantity: 12, productUrl: 'https://x.example' } })
      .then([{ type: 'DetailUpdated', data: { ...ref(D1), changes: { quantity: 12 } } }]);
  });

  it('reorders only with every detail exactly once', () => {
    subproducts
      .given(two)
      .when({ type: 'ReorderDetails', productId: P, subproductId: S, detailIds: [D2, D1] })
      .then([{ type: 'DetailsReordered', data: { productId: P, subproductId: S, detailIds: [D2, D1] } }]);
    expect(
      subproducts
        .given(two)
        .when({ type: 'ReorderDetails', productId: P, subproductId: S, detailIds: [D2] })
        .refusal().fields,
    ).toHaveProperty('detailIds');
    subproducts
      .given(two)
      .when({ type: 'ReorderDetails', productId: P, subproductId: S, detailIds: [D1, D2] })
      .then([]);
  });

  it('deletes a detail and then treats it as unknown', () => {
    const deleted: SubproductStreamEvent = { type: 'DetailDeleted', data: ref(D1) };
    subproducts
      .given(two)
      .when({ type: 'DeleteDetail', ...ref(D1) })
      .then([deleted]);
    const commands: SubproductStreamCommand[] = [
      { type: 'DeleteDetail', ...ref(D1) },
      { type: 'EditDetail', ...ref(D1), changes: { quantity: 1 } },
      { type: 'AttachDetailFile', ...ref(D1), slot: 'image', file: image },
      { type: 'RemoveDetailFile', ...ref(UNKNOWN), slot: 'image' },
    ];
    for (const command of commands)
      expect(
        subproducts
          .given([...two, deleted])
          .when(command)
          .refusal().message,
      ).toBe('Detail not found');
    expect(subproducts.given([...two, deleted]).state().order).toEqual([D2]);
  });
});

describe('subproduct stream decider: files', () => {
  const attached: SubproductStreamEvent = {
    type: 'DetailFileAttached',
    data: { ...ref(D1), slot: 'image', file: image },
  };

  it('attaches, replaces, and ignores the same file twice', () => {
    subproducts
      .given(two)
      .when({ type: 'AttachDetailFile', ...ref(D1), slot: 'image', file: image })
      .then([attached]);
    subproducts
      .given([...two, attached])
      .when({ type: 'AttachDetailFile', ...ref(D1), slot: 'image', file: image })
      .then([]);
    subproducts
      .given([...two, attached])
      .when({ type: 'AttachDetailFile', ...ref(D1), slot: 'image', file: otherImage })
      .then([{ type: 'DetailFileAttached', data: { ...ref(D1), slot: 'image', file: otherImage } }]);
  });

  it('removes a file from its slot only, and refuses an empty slot', () => {
    const removed: SubproductStreamEvent = { type: 'DetailFileRemoved', data: { ...ref(D1), slot: 'image' } };
    subproducts
      .given([...two, attached])
      .when({ type: 'RemoveDetailFile', ...ref(D1), slot: 'image' })
      .then([removed]);
    expect(
      subproducts
        .given([...two, attached])
        .when({ type: 'RemoveDetailFile', ...ref(D1), slot: 'manualPdf' })
        .refusal().message,
    ).toBe('No file to remove');
    subproducts
      .given([...two, attached, removed])
      .when({ type: 'RemoveDetailFile', ...ref(D1), slot: 'image' })
      .thenThrows('not_found');
  });
});

import { describe, expect, it } from 'vitest';
import { spec } from '@labshop/contracts/testing/decider-spec';
import type { BlogEvent } from '@labshop/contracts/content/blog-events';
import { blogDecider } from './decider.ts';

const blog = spec(blogDecider);

const [S1, S2, I1, I2] = ['a1', 'a2', 'b1', 'b2'].map((suffix) => `00000000-0000-4000-8000-0000000000${suffix}`) as [
  string,
  string,
  string,
  string,
];
const section = (itemId: string, number: number, packageId: string): BlogEvent => ({
  type: 'BlogItemAdded',
  data: {
    itemId,
    sectionId: null,
    number,
    packageId,
    innerPackageId: null,
    productName: `Section ${number}`,
    description: '',
  },
});
const inner = (itemId: string, sectionId: string, number: number, packageId: string): BlogEvent => ({
  type: 'BlogItemAdded',
  data: {
    itemId,
    sectionId,
    number,
    packageId,
    innerPackageId: `${packageId}-0${number}`,
    productName: `Item ${number}`,
    description: 'Text',
  },
});
const history = [
  section(S1, 1, 'PKG-1'),
  section(S2, 2, 'PKG-2'),
  inner(I1, S1, 3, 'PKG-1'),
  inner(I2, S1, 4, 'PKG-1'),
];

describe('blog decider', () => {
  it("adds a section with its package id, and inner items with the section's package id and their own inner package id, numbered in turn", () => {
    blog
      .given([])
      .when({
        type: 'AddBlogSection',
        itemId: S1,
        packageId: 'PKG-1',
        productName: 'Cell culture',
        description: 'Media',
      })
      .then([
        {
          type: 'BlogItemAdded',
          data: {
            itemId: S1,
            sectionId: null,
            number: 1,
            packageId: 'PKG-1',
            innerPackageId: null,
            productName: 'Cell culture',
            description: 'Media',
          },
        },
      ]);
    blog
      .given(history)
      .when({
        type: 'AddBlogItem',
        itemId: '00000000-0000-4000-8000-0000000000c1',
        sectionId: S2,
        innerPackageSuffix: 'AB12',
        productName: 'x',
        description: '',
      })
      .then([
        expect.objectContaining({
          data: expect.objectContaining({ sectionId: S2, number: 5, packageId: 'PKG-2', innerPackageId: 'PKG-2-AB12' }),
        }),
      ]);
  });

  it('refuses an inner item below an inner item or a missing section, and a package id already taken', () => {
    const item = {
      type: 'AddBlogItem',
      itemId: '00000000-0000-4000-8000-0000000000c1',
      innerPackageSuffix: 'X',
      productName: 'x',
      description: '',
    } as const;
    blog
      .given(history)
      .when({ ...item, sectionId: I1 })
      .thenThrows('not_found');
    blog
      .given(history)
      .when({ ...item, sectionId: '00000000-0000-4000-8000-0000000000ff' })
      .thenThrows('not_found');
    expect(
      blog
        .given(history)
        .when({
          type: 'AddBlogSection',
          itemId: '00000000-0000-4000-8000-0000000000c2',
          packageId: 'PKG-2',
          productName: 'x',
          description: '',
        })
        .refusal().kind,
    ).toBe('conflict');
  });

  it('updates the checked rows in one event with only what changed', () => {
    expect(
      blog
        .given(history)
        .when({
          type: 'UpdateBlogItems',
          items: [
            { itemId: S1, productName: 'Section one', description: '', expectedVersion: 1 },
            { itemId: I1, productName: 'Item 3', description: 'Text', expectedVersion: 1 },
            { itemId: I2, productName: 'Item 4', description: 'New text', expectedVersion: 1 },
          ],
        })
        .events(),
    ).toEqual([
      {
        type: 'BlogItemsUpdated',
        data: {
          items: [
            { itemId: S1, changes: { productName: 'Section one' } },
            { itemId: I2, changes: { description: 'New text' } },
          ],
        },
      },
    ]);
  });

  it('refuses the whole update when one row is stale or gone: nothing partial', () => {
    const changed: BlogEvent = {
      type: 'BlogItemsUpdated',
      data: { items: [{ itemId: I2, changes: { description: 'Theirs' } }] },
    };
    const rows = [
      { itemId: I1, productName: 'Mine', description: '', expectedVersion: 1 },
      { itemId: I2, productName: 'Mine too', description: '', expectedVersion: 1 },
    ];
    expect(
      blog
        .given([...history, changed])
        .when({ type: 'UpdateBlogItems', items: rows })
        .refusal(),
    ).toMatchObject({ kind: 'conflict', details: { itemIds: [I2] } });
    const deleted: BlogEvent = { type: 'BlogItemsDeleted', data: { itemIds: [I2] } };
    expect(
      blog
        .given([...history, deleted])
        .when({ type: 'UpdateBlogItems', items: rows })
        .refusal(),
    ).toMatchObject({ kind: 'not_found', details: { itemIds: [I2] } });
  });

  it('deletes the checked rows, a section with its inner items', () => {
    blog
      .given(history)
      .when({ type: 'DeleteBlogItems', items: [{ itemId: S1, expectedVersion: 1 }] })
      .then([{ type: 'BlogItemsDeleted', data: { itemIds: [S1, I1, I2] } }]);
    blog
      .given(history)
      .when({ type: 'DeleteBlogItems', items: [{ itemId: I2, expectedVersion: 1 }] })
      .then([{ type: 'BlogItemsDeleted', data: { itemIds: [I2] } }]);
    blog
      .given(history)
      .when({ type: 'DeleteBlogItems', items: [{ itemId: I2, expectedVersion: 2 }] })
      .thenThrows('conflict');
  });
});

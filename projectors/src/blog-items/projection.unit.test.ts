import { describe, expect, it } from 'vitest';
import { recorded, replay } from '../testing/replay.ts';
import { blogItems } from './projection.ts';

const added = (itemId: string, sectionId: string | null, number: number) =>
  recorded('BlogItemAdded', {
    itemId,
    sectionId,
    number,
    packageId: 'PKG-1',
    innerPackageId: sectionId ? `PKG-1-${number}` : null,
    productName: `Row ${number}`,
    description: '',
  });

describe('blog-items projection', () => {
  it('keeps sections and inner items with their versions, applies a multi-row update to each row, and drops deleted rows', async () => {
    const items = await replay(blogItems, [
      added('s1', null, 1),
      added('i1', 's1', 2),
      added('i2', 's1', 3),
      recorded('BlogItemsUpdated', {
        items: [
          { itemId: 's1', changes: { productName: 'Cell culture' } },
          { itemId: 'i1', changes: { description: 'DMEM' } },
        ],
      }),
      recorded('BlogItemsDeleted', { itemIds: ['i2'] }),
    ]);
    expect([...items.keys()]).toEqual(['s1', 'i1']);
    expect(items.get('s1')).toMatchObject({
      level: 'section',
      productName: 'Cell culture',
      description: '',
      version: 2,
      innerPackageId: null,
    });
    expect(items.get('i1')).toMatchObject({
      level: 'item',
      sectionId: 's1',
      packageId: 'PKG-1',
      innerPackageId: 'PKG-1-2',
      productName: 'Row 2',
      description: 'DMEM',
      version: 2,
    });
  });
});

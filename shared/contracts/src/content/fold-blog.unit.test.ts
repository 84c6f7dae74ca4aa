import { describe, expect, it } from 'vitest';
import type { BlogEvent } from './blog-events.ts';
import { blogItemIds, emptyBlog, evolveBlog } from './fold-blog.ts';

const section: BlogEvent = {
  type: 'BlogItemAdded',
  data: {
    itemId: 's1',
    sectionId: null,
    number: 4,
    packageId: 'BL-1',
    innerPackageId: null,
    productName: 'Antibodies',
    description: 'Section',
  },
};
const inner: BlogEvent = {
  type: 'BlogItemAdded',
  data: {
    itemId: 'i1',
    sectionId: 's1',
    number: 2,
    packageId: 'BL-1',
    innerPackageId: 'BL-1-01',
    productName: 'Anti-CD3',
    description: 'Item',
  },
};
const fold = (events: BlogEvent[]) => events.reduce(evolveBlog, emptyBlog());

describe('evolveBlog', () => {
  it('starts empty, numbering from 1', () => {
    expect(fold([])).toEqual({ items: {}, nextNumber: 1 });
  });

  it('adds rows at version 1 and numbers on from the highest number seen', () => {
    expect(fold([section, inner])).toEqual({
      items: { s1: { ...section.data, version: 1 }, i1: { ...inner.data, version: 1 } },
      nextNumber: 5,
    });
  });

  it('applies each row of an update to that row only, counting its version, and ignores rows that are gone', () => {
    const blog = fold([
      section,
      inner,
      {
        type: 'BlogItemsUpdated',
        data: {
          items: [
            { itemId: 'i1', changes: { description: 'New' } },
            { itemId: 'gone', changes: { productName: 'X' } },
          ],
        },
      },
    ]);
    expect(blog.items).toEqual({
      s1: { ...section.data, version: 1 },
      i1: { ...inner.data, description: 'New', version: 2 },
    });
  });

  it('removes deleted rows and keeps the running number', () => {
    expect(fold([section, inner, { type: 'BlogItemsDeleted', data: { itemIds: ['s1', 'i1'] } }])).toEqual({
      items: {},
      nextNumber: 5,
    });
  });

  it('names the rows each event touches', () => {
    expect(blogItemIds(inner)).toEqual(['i1']);
    expect(blogItemIds({ type: 'BlogItemsUpdated', data: { items: [{ itemId: 'a', changes: {} }] } })).toEqual(['a']);
    expect(blogItemIds({ type: 'BlogItemsDeleted', data: { itemIds: ['a', 'b'] } })).toEqual(['a', 'b']);
  });
});

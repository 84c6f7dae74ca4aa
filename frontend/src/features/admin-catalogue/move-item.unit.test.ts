import { describe, expect, it } from 'vitest';
import { moveItem, sameOrder } from './move-item.ts';

describe('moveItem', () => {
  const products = ['pipettes', 'flasks', 'media', 'gloves'];

  it('moves an item up one place', () => {
    expect(moveItem(products, 2, -1)).toEqual(['pipettes', 'media', 'flasks', 'gloves']);
  });

  it('moves an item down one place', () => {
    expect(moveItem(products, 0, 1)).toEqual(['flasks', 'pipettes', 'media', 'gloves']);
  });

  it('leaves the list unchanged when moving past either end', () => {
    expect(moveItem(products, 0, -1)).toEqual(products);
    expect(moveItem(products, 3, 1)).toEqual(products);
  });

  it('never mutates the list it was given', () => {
    const original = [...products];
    moveItem(products, 1, 1);
    expect(products).toEqual(original);
  });
});

describe('sameOrder', () => {
  it('tells a reordered list from the original', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });
});

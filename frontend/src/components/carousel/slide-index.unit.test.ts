import { describe, expect, it } from 'vitest';
import { slideIndex } from './slide-index.ts';

describe('slideIndex', () => {
  it('moves forward and wraps from the last slide to the first', () => {
    expect(slideIndex(0, 1, 4)).toBe(1);
    expect(slideIndex(3, 1, 4)).toBe(0);
  });

  it('moves back and wraps from the first slide to the last', () => {
    expect(slideIndex(0, -1, 4)).toBe(3);
    expect(slideIndex(2, -1, 4)).toBe(1);
  });

  it('stays at 0 with no slides', () => {
    expect(slideIndex(0, 1, 0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { clampQuantity } from './clamp-quantity.ts';

describe('clampQuantity', () => {
  it('keeps a quantity inside min and max', () => {
    expect(clampQuantity(3, 1, 5)).toBe(3);
    expect(clampQuantity(0, 1, 5)).toBe(1);
    expect(clampQuantity(9, 1, 5)).toBe(5);
  });

  it('drops fractions and turns unreadable input into the minimum', () => {
    expect(clampQuantity(2.7, 1, 5)).toBe(2);
    expect(clampQuantity(Number.NaN, 1, 5)).toBe(1);
  });

  it('never goes below the minimum, even when max is lower (no stock)', () => {
    expect(clampQuantity(4, 1, 0)).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seeded-random.ts';

describe('mulberry32', () => {
  it('gives the same numbers for the same seed, every run (the demo seed and the bench history rely on it)', () => {
    const random = mulberry32(42);
    expect([random(), random(), random()]).toEqual([0.6011037519201636, 0.44829055899754167, 0.8524657934904099]);
  });

  it('stays in [0, 1) and differs by seed', () => {
    const one = mulberry32(1);
    const values = Array.from({ length: 1_000 }, one);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(mulberry32(2)()).not.toBe(mulberry32(1)());
  });
});

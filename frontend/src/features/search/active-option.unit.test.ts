import { describe, expect, it } from 'vitest';
import { nextActiveOption } from './active-option.ts';

describe('nextActiveOption', () => {
  it('enters the list at the first option going down and at the last going up', () => {
    expect(nextActiveOption(null, 'ArrowDown', 3)).toBe(0);
    expect(nextActiveOption(null, 'ArrowUp', 3)).toBe(2);
  });

  it('moves one option at a time and wraps at both ends', () => {
    expect(nextActiveOption(0, 'ArrowDown', 3)).toBe(1);
    expect(nextActiveOption(2, 'ArrowDown', 3)).toBe(0);
    expect(nextActiveOption(0, 'ArrowUp', 3)).toBe(2);
  });

  it('has no active option without options', () => {
    expect(nextActiveOption(1, 'ArrowDown', 0)).toBeNull();
  });
});

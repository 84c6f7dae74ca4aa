import { describe, expect, it } from 'vitest';
import { fromPickerValue, toPickerValue } from './as-of-input.ts';

describe('the as-of picker', () => {
  it('goes from an instant to local wall time and back, to the second', () => {
    for (const iso of ['2026-11-23T15:00:05.000Z', '2026-03-08T07:30:00.000Z', '2026-01-01T00:00:00.000Z'])
      expect(fromPickerValue(toPickerValue(iso))).toBe(iso);
  });
  it('takes a value without seconds and refuses an incomplete one', () => {
    expect(fromPickerValue('2026-11-23T10:00')).toBe(new Date(2026, 10, 23, 10, 0).toISOString());
    expect(fromPickerValue('2026-11-23T10:00:05.250')).toBe(new Date(2026, 10, 23, 10, 0, 5, 250).toISOString());
    expect(fromPickerValue('')).toBeNull();
    expect(fromPickerValue('2026-11-23')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { instantFromLocalInput, localInputFromInstant } from './local-date-time.ts';

describe('local date-time inputs', () => {
  it('reads a datetime-local value as local time and writes it back the same, to the second', () => {
    const instant = instantFromLocalInput('2026-05-01T14:30');
    expect(instant).toBe(new Date(2026, 4, 1, 14, 30).toISOString());
    expect(localInputFromInstant(instant)).toBe('2026-05-01T14:30:00');
    expect(instantFromLocalInput('2026-05-01T14:30:15')).toBe(new Date(2026, 4, 1, 14, 30, 15).toISOString());
    for (const iso of ['2026-11-23T15:00:05.000Z', '2026-03-08T07:30:00.000Z', '2026-01-01T00:00:00.000Z'])
      expect(instantFromLocalInput(localInputFromInstant(iso))).toBe(iso);
  });

  it('takes milliseconds, as the picker gives them at most', () => {
    expect(instantFromLocalInput('2026-11-23T10:00:05.250')).toBe(new Date(2026, 10, 23, 10, 0, 5, 250).toISOString());
    // One of the two copies this replaces took any number of fraction digits.
    expect(instantFromLocalInput('2026-11-23T10:00:05.2500')).toBeNull();
  });

  it('refuses what is not a moment', () => {
    expect(instantFromLocalInput('')).toBeNull();
    expect(instantFromLocalInput('yesterday')).toBeNull();
    expect(instantFromLocalInput('2026-11-23')).toBeNull();
    expect(instantFromLocalInput('2026-13-45T99:00')).toBeNull();
    expect(localInputFromInstant(undefined)).toBe('');
    expect(localInputFromInstant(null)).toBe('');
  });
});

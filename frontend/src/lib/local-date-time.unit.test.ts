import { describe, expect, it } from 'vitest';
import { instantFromLocalInput, localInputFromInstant } from './local-date-time.ts';

describe('local date-time inputs', () => {
  it('reads a datetime-local value as local time and writes it back the same', () => {
    const instant = instantFromLocalInput('2026-05-01T14:30');
    expect(instant).toBe(new Date(2026, 4, 1, 14, 30).toISOString());
    expect(localInputFromInstant(instant ?? undefined)).toBe('2026-05-01T14:30:00');
    expect(instantFromLocalInput('2026-05-01T14:30:15')).toBe(new Date(2026, 4, 1, 14, 30, 15).toISOString());
  });

  it('refuses what is not a moment', () => {
    expect(instantFromLocalInput('')).toBeNull();
    expect(instantFromLocalInput('yesterday')).toBeNull();
    expect(instantFromLocalInput('2026-13-45T99:00')).toBeNull();
    expect(localInputFromInstant(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { formatBusinessDate, formatBusinessTime, formatOrderDate, isIsoDay } from './dates.ts';

describe('formatOrderDate', () => {
  it('writes day, month name and year as the spec shows', () => {
    expect(formatOrderDate('2025-03-05T15:00:00.000Z')).toBe('5 March, 2025');
  });

  it('uses the New York date, the one the order number carries', () => {
    // 02:30 UTC on 6 March is still the evening of 5 March in New York.
    expect(formatOrderDate('2025-03-06T02:30:00.000Z')).toBe('5 March, 2025');
  });
});

describe('business dates and times', () => {
  it('are the New York ones, labelled ET, whatever zone the reader is in', () => {
    // 03:00 UTC on 26 November is 10 p.m. on 25 November in New York.
    expect(formatBusinessDate('2026-11-26T03:00:00.000Z')).toBe('November 25, 2026');
    expect(formatBusinessTime('2026-11-26T03:00:00.000Z')).toBe('Nov 25, 2026, 10:00 PM ET');
  });
});

describe('isIsoDay', () => {
  it('takes a YYYY-MM-DD day the calendar has, and nothing else', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '2026-1-1', '9999-99-99', '2026-11-23T00:00', ''])
      expect(isIsoDay(text), text).toBe(false);
  });
});

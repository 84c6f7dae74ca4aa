import { describe, expect, it } from 'vitest';
import { newYorkDayEnd, newYorkDayStart } from './new-york-days.ts';

describe('New York days', () => {
  it('begin at midnight Eastern time, standard or daylight', () => {
    expect(newYorkDayStart('2026-11-23').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(newYorkDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });

  it('end where the next day begins, across the clock changes and the year end', () => {
    expect(newYorkDayEnd('2026-03-08').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(newYorkDayEnd('2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(newYorkDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });
});

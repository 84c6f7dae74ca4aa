import { describe, expect, it } from 'vitest';
import { addDays, businessDay, businessDayEnd, businessDayStart } from './business-day.ts';

describe('business days (New York)', () => {
  it('begin at midnight Eastern time, standard or daylight', () => {
    expect(businessDayStart('2026-11-23').toISOString()).toBe('2026-11-23T05:00:00.000Z');
    expect(businessDayStart('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });

  it('end where the next day begins, across the clock changes and the year end', () => {
    expect(businessDayEnd('2026-03-08').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(businessDayEnd('2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(businessDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T05:00:00.000Z');
  });

  it('puts an instant around midnight on the New York day, not the UTC one', () => {
    // 11:59 p.m. in New York is already the next day in UTC.
    expect(businessDay('2026-11-24T04:59:59.999Z')).toBe('2026-11-23');
    expect(businessDay('2026-11-24T05:00:00.000Z')).toBe('2026-11-24');
    expect(businessDay(new Date('2026-07-05T03:59:00.000Z'))).toBe('2026-07-04');
    expect(businessDay(businessDayStart('2026-03-08'))).toBe('2026-03-08');
    expect(businessDay(new Date(businessDayEnd('2026-03-08').getTime() - 1))).toBe('2026-03-08');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-11-23', -89)).toBe('2026-08-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

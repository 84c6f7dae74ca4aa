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

  it("answers every minute of the clock-change days as New York's calendar has it, asked in any order", () => {
    const calendar = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const minutes = [];
    for (const day of ['2026-03-07', '2026-03-08', '2026-11-01', '2026-11-02', '1970-04-26']) {
      for (let minute = 0; minute < 48 * 60; minute += 7)
        minutes.push(Date.parse(`${day}T00:00:00.000Z`) + minute * 60_000);
    }
    for (const time of [...minutes, ...minutes.reverse()])
      expect(businessDay(new Date(time))).toBe(calendar.format(time));
    // Before standard time New York kept its own mean time (4:56:02 behind UTC): no hour is remembered there.
    expect(businessDay('1880-06-01T04:57:00.000Z')).toBe('1880-06-01');
    expect(businessDay('1880-06-01T04:55:00.000Z')).toBe('1880-05-31');
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-11-23', -89)).toBe('2026-08-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

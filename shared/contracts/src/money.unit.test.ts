import { describe, expect, it } from 'vitest';
import { discountedCents, formatUsd, parseDollars, plainDollars, sumCents } from './money.ts';

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['$1,234.56', 123456],
    [' 100000 ', 10_000_000],
    ['-1', -100],
    ['-$1,234.50', -123450],
  ])('parses %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '--1', '1-', '1,23.00', '1e3', '.5'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it('formats US dollars with two decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(10_000_000)).toBe('$100,000.00');
  });

  it('writes cents as plain dollars exactly, for form fields and spreadsheets', () => {
    expect([plainDollars(0), plainDollars(5), plainDollars(123_405), plainDollars(-1_999)]).toEqual([
      '0.00',
      '0.05',
      '1234.05',
      '-19.99',
    ]);
    for (const cents of [1, 99, 100, 123_405, 10_000_000]) expect(parseDollars(plainDollars(cents))).toBe(cents);
  });

  it('sums cents of any items', () => {
    expect(sumCents([{ c: 1_005 }, { c: 2_995 }, { c: 1 }], (item) => item.c)).toBe(4_001);
    expect(sumCents([], () => 1)).toBe(0);
  });

  it('applies a percentage off to the nearest cent', () => {
    expect(discountedCents(10_000, 15)).toBe(8_500);
    expect(discountedCents(999, 33)).toBe(669);
    expect(discountedCents(999, 0)).toBe(999);
    expect(discountedCents(999, 100)).toBe(0);
  });
});

describe('dollars with thousands separators', () => {
  it('takes one to three digits before the first comma and any number of groups after it', () => {
    expect(parseDollars('12,345')).toBe(1_234_500);
    expect(parseDollars('$1,234,567.89')).toBe(123_456_789);
    expect(parseDollars('1234,567')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { discountedCents, formatUsd, parseDollars } from './money.ts';

describe('money', () => {
  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    ['$1,234.56', 123456],
    [' 100000 ', 10_000_000],
  ])('parses %j as %i cents', (text, cents) => {
    expect(parseDollars(text)).toBe(cents);
  });

  it.each(['', 'abc', '12.345', '-1', '1,23.00', '1e3', '.5'])('refuses %j', (text) => {
    expect(parseDollars(text)).toBeNull();
  });

  it('formats US dollars with two decimals and thousands separators', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(10_000_000)).toBe('$100,000.00');
  });

  it('applies a percentage off to the nearest cent', () => {
    expect(discountedCents(10_000, 15)).toBe(8_500);
    expect(discountedCents(999, 33)).toBe(669);
    expect(discountedCents(999, 0)).toBe(999);
    expect(discountedCents(999, 100)).toBe(0);
  });
});

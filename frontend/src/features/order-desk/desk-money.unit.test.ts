import { describe, expect, it } from 'vitest';
import { centsFromDollars, defaultQuoteLastDay, dollarsFromCents } from './desk-money.ts';

describe('order desk money fields', () => {
  it('reads dollars as integer cents, and refuses what is not an amount', () => {
    expect(centsFromDollars('12')).toBe(1_200);
    expect(centsFromDollars('12.5')).toBe(1_250);
    expect(centsFromDollars(' $1,234.05 ')).toBe(123_405);
    expect(centsFromDollars('0.10')).toBe(10);
    for (const bad of ['', '12.345', '-1', 'ten', '1e3']) expect(centsFromDollars(bad), bad).toBeNull();
    expect(dollarsFromCents(123_405)).toBe('1234.05');
  });

  it('counts the default quote expiry from the New York day, around midnight too', () => {
    expect(defaultQuoteLastDay(new Date('2026-11-24T04:59:00.000Z'))).toBe('2026-12-23');
    expect(defaultQuoteLastDay(new Date('2026-11-24T05:00:00.000Z'))).toBe('2026-12-24');
  });
});

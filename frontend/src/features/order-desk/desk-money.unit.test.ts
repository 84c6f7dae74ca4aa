import { describe, expect, it } from 'vitest';
import { defaultQuoteLastDay } from './desk-money.ts';

describe('order desk quote expiry', () => {
  it('counts the default quote expiry from the New York day, around midnight too', () => {
    expect(defaultQuoteLastDay(new Date('2026-11-24T04:59:00.000Z'))).toBe('2026-12-23');
    expect(defaultQuoteLastDay(new Date('2026-11-24T05:00:00.000Z'))).toBe('2026-12-24');
  });
});

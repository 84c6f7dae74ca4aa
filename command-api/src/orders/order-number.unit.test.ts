import { describe, expect, it } from 'vitest';
import { formatOrderNumber, orderNumberDay } from './order-number.ts';

describe('order number', () => {
  it("takes the day from New York's calendar, not the server's or UTC's", () => {
    expect(orderNumberDay(new Date('2026-11-23T12:00:00Z'))).toBe('23112026');
    // 22:30 in New York on 23 November is already the 24th in UTC.
    expect(orderNumberDay(new Date('2026-11-24T03:30:00Z'))).toBe('23112026');
    expect(orderNumberDay(new Date('2026-11-24T05:00:00Z'))).toBe('24112026');
    // Summer time: UTC-4.
    expect(orderNumberDay(new Date('2026-07-05T03:59:00Z'))).toBe('04072026');
  });

  it("is 'LUM', the day and a 7-digit sequence", () => {
    expect(formatOrderNumber('23112026', 42)).toBe('LUM231120260000042');
    expect(formatOrderNumber('01012027', 9_999_999)).toBe('LUM010120279999999');
  });
});

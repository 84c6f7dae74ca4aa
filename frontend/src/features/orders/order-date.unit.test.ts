import { describe, expect, it } from 'vitest';
import { formatOrderDate } from './order-date.ts';

describe('formatOrderDate', () => {
  it('writes day, month name and year as the spec shows', () => {
    expect(formatOrderDate('2025-03-05T15:00:00.000Z')).toBe('5 March, 2025');
  });

  it('uses the New York date, the one the order number carries', () => {
    // 02:30 UTC on 6 March is still the evening of 5 March in New York.
    expect(formatOrderDate('2025-03-06T02:30:00.000Z')).toBe('5 March, 2025');
  });
});

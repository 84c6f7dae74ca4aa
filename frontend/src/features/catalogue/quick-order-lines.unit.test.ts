import { describe, expect, it } from 'vitest';
import { parseQuickOrder, QUICK_ORDER_MAX_LINES } from './quick-order-lines.ts';

describe('quick order lines', () => {
  it('reads a number and a quantity however they are separated, 1 when no quantity is given, skipping blank lines', () => {
    const { lines, problems } = parseQuickOrder(
      'CC-1001, 2\n\n  ex-2003;5 \nWB-6002-10\t3\nLC1001 4\nMY-4001\nNA-1002,\r\n',
      1000,
    );
    expect(problems).toEqual([]);
    expect(lines.map(({ lineNumber, catalogNumber, quantity }) => [lineNumber, catalogNumber, quantity])).toEqual([
      [1, 'CC-1001', 2],
      [3, 'ex-2003', 5],
      [4, 'WB-6002-10', 3],
      [5, 'LC1001', 4],
      [6, 'MY-4001', 1],
      [7, 'NA-1002', 1],
    ]);
  });

  it('names each line it cannot read, by its line number, and keeps the others', () => {
    const { lines, problems } = parseQuickOrder(
      'CC-1001, 0\nCC-1002, 2.5\nCC-1003, lots\nCC-1004, 1001\nthree words here\nCC-1005, 7',
      1000,
    );
    expect(lines.map((line) => line.catalogNumber)).toEqual(['CC-1005']);
    expect(problems.map(({ lineNumber, message }) => [lineNumber, message])).toEqual([
      [1, 'The quantity must be a whole number from 1 to 1,000.'],
      [2, 'The quantity must be a whole number from 1 to 1,000.'],
      [3, 'The quantity must be a whole number from 1 to 1,000.'],
      [4, 'The quantity must be a whole number from 1 to 1,000.'],
      [5, 'Write a catalogue number and a quantity, e.g. “CC-1001, 2”.'],
    ]);
  });

  it(`takes at most ${QUICK_ORDER_MAX_LINES} lines at a time and names the rest`, () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 2 }, (_, index) => `N-${index}, 1`).join('\n');
    const { lines, problems } = parseQuickOrder(text, 10);
    expect(lines).toHaveLength(QUICK_ORDER_MAX_LINES);
    expect(problems.map((problem) => problem.lineNumber)).toEqual([
      QUICK_ORDER_MAX_LINES + 1,
      QUICK_ORDER_MAX_LINES + 2,
    ]);
  });
});

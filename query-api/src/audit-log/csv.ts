import { csvCell } from '@labshop/contracts/csv';

/** An audit-log CSV line: every cell quoted, formulas defused by the one CSV rule (shared/contracts/src/csv.ts). */
export const csvLine = (cells: readonly string[]) => `${cells.map((cell) => csvCell(cell, 'always')).join(',')}\r\n`;

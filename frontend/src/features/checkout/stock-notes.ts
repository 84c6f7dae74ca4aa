import { backorderNotice } from '@labshop/contracts/stock/stock-words';
import { backorderedOf } from '@/lib/backorders.ts';

interface NotedLine {
  detailId: string;
  packSize: string | null;
  quantity: number;
}

/** The lines as the order summary shows them before payment: each with what stock says of it (its backorder, if any). */
export const withStockNotes = <Line extends NotedLine>(
  lines: readonly Line[],
  backorders: ReadonlyMap<string, number>,
): (Line & { stockNote: string | null })[] =>
  lines.map((line) => ({ ...line, stockNote: backorderNotice(line.quantity, backorderedOf(backorders, line)) }));

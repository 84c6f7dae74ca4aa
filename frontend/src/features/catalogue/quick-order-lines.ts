/** One pasted line of a quick order: a catalogue number and how many (1 when the line names no quantity). */
export interface QuickOrderLine {
  /** 1-based, as the buyer sees the lines. */
  lineNumber: number;
  text: string;
  catalogNumber: string;
  quantity: number;
}

export interface QuickOrderProblem {
  lineNumber: number;
  text: string;
  message: string;
}

/** The catalogue-number lookup answers up to this many numbers at once. */
export const QUICK_ORDER_MAX_LINES = 100;

/** "number, quantity", "number;quantity", "number<tab>quantity" (a spreadsheet's copy) or "number quantity". */
const NUMBER_AND_QUANTITY = /^(\S+?)\s*(?:[,;\t]\s*|\s+)(\S+)$/;
const NUMBER_ONLY = /^[^\s,;]+[,;]?$/;

/**
 * Reads the quick-order box: each non-empty line is a catalogue number and a quantity (from 1 to
 * `maxQuantity`); a line that is neither is a problem named by its line number, never silently dropped.
 */
export function parseQuickOrder(
  text: string,
  maxQuantity: number,
): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const lineNumber = index + 1;
    const both = NUMBER_AND_QUANTITY.exec(line);
    if (both) {
      const quantity = Number(both[2]);
      if (!/^\d+$/.test(both[2]!) || quantity < 1 || quantity > maxQuantity) {
        problems.push({
          lineNumber,
          text: line,
          message: `The quantity must be a whole number from 1 to ${maxQuantity.toLocaleString('en-US')}.`,
        });
      } else {
        lines.push({ lineNumber, text: line, catalogNumber: both[1]!, quantity });
      }
    } else if (NUMBER_ONLY.test(line)) {
      lines.push({ lineNumber, text: line, catalogNumber: line.replace(/[,;]$/, ''), quantity: 1 });
    } else {
      problems.push({ lineNumber, text: line, message: 'Write a catalogue number and a quantity, e.g. “CC-1001, 2”.' });
    }
  }
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    for (const extra of lines.splice(QUICK_ORDER_MAX_LINES)) {
      problems.push({
        lineNumber: extra.lineNumber,
        text: extra.text,
        message: `At most ${QUICK_ORDER_MAX_LINES} lines at a time: add this one next.`,
      });
    }
  }
  return { lines, problems };
}

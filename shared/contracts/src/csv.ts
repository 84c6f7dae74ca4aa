/** Text a spreadsheet would run as a formula: it starts with =, +, -, @, a tab or a carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A quote, a line break, or a separator of any locale's CSV (comma; semicolon where the comma is the decimal mark; tab). */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180: quoted, quotes doubled), the one rule every export follows. A value a spreadsheet would
 * run as a formula is prefixed with an apostrophe and quoted, so an admin opening an export never runs what
 * someone typed into a name or a PO number; a value holding a separator is always quoted, so no spreadsheet splits
 * it into a cell of its own (`x;=1+1` in a semicolon locale). `always` quotes every cell.
 */
export function csvCell(value: string, quote: 'when-needed' | 'always' = 'when-needed'): string {
  const formula = FORMULA_START.test(value);
  const text = formula ? `'${value}` : value;
  return quote === 'always' || formula || NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

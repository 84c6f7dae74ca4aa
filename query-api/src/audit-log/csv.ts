/**
 * One CSV cell (RFC 4180: quoted, quotes doubled). A value a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, so an admin
 * opening an export never runs what someone typed into a name or an email field.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

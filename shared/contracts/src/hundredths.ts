/**
 * Amounts with two decimals kept as whole hundredths, so no floating point ever rounds them: cents of a dollar,
 * basis points of a percent. The one place they are read from and written as text.
 */

/** The whole and the (up to two) decimal digits as hundredths: ('12', '5') → 1250, ('10', '12') → 1012. */
export function hundredthsOf(whole: string, decimals: string | undefined): number {
  return Number(whole) * 100 + Number((decimals ?? '').padEnd(2, '0'));
}

/** Hundredths as a plain number with two decimals, exact: 123450 → '1234.50', -5 → '-0.05'. */
export function formatHundredths(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const absolute = Math.abs(hundredths);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

import { hundredthsOf } from '../hundredths.ts';
import type { SalesTaxRate } from './sales-tax.ts';

/**
 * Parses the sales tax CSV (`state,code,rate_percent`, e.g. `Louisiana,LA,10.12`). The percentage is
 * read as text, not as a float, so 10.12% becomes exactly 1012 basis points.
 */
export function parseSalesTaxCsv(csv: string): SalesTaxRate[] {
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  if (header?.trim().toLowerCase() !== 'state,code,rate_percent')
    throw new Error(`Unexpected sales tax header: ${header}`);
  return rows.map((row, index) => {
    const [name, code, percent] = row.split(',').map((cell) => cell.trim());
    const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percent ?? '');
    if (!name || !code || !/^[A-Z]{2}$/.test(code) || !match)
      throw new Error(`Sales tax row ${index + 2} is not 'State,XX,9.99': ${row}`);
    return { code, name, rateBasisPoints: hundredthsOf(match[1]!, match[2]) };
  });
}

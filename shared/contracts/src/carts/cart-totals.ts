import { lineTotalCents, sumCents } from '../money.ts';

/** A cart line as far as its totals go: lines the catalogue no longer sells cannot be bought and count for nothing. */
interface CountedLine {
  quantity: number;
  unitPriceCents: number;
  available: boolean;
}

/** The header badge's and the cart page's number: every unit of the lines that can still be bought. */
export const cartItemCount = (lines: readonly CountedLine[]) =>
  lines.reduce((sum, line) => (line.available ? sum + line.quantity : sum), 0);

/** The subtotal: the lines that can still be bought. */
export const cartSubtotalCents = (lines: readonly CountedLine[]) =>
  sumCents(lines, (line) => (line.available ? lineTotalCents(line) : 0));

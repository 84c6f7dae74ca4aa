import { formatHundredths, hundredthsOf } from './hundredths.ts';

/**
 * Money is kept in integer US cents everywhere (events, read models, arithmetic) so sums and
 * discounts never drift; dollars appear only at the edges: form input and display.
 */

/**
 * Parses what a person types as a dollar amount ('12', '12.5', '12.50', '$1,234.50', '-5') into cents; null when it is
 * not one. A negative amount is an amount: the command's schema says why it is refused ('cannot be negative').
 */
export function parseDollars(text: string): number | null {
  const match = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const total = hundredthsOf(match[2]!.replaceAll(',', ''), match[3]);
  if (!Number.isSafeInteger(total)) return null;
  return match[1] ? -total : total;
}

const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50': the spec shows money with 2 decimals. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** Cents as plain dollars, exact (no floating point): 123450 → '1234.50'. Forms prefill prices with it, the ledger's CSV writes it. */
export function plainDollars(cents: number): string {
  return formatHundredths(cents);
}

/** The sum of amounts in cents: an order's subtotal from its lines, what credit notes took off an invoice. */
export function sumCents<T>(items: readonly T[], cents: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += cents(item);
  return total;
}

/** A line's total: its unit price times its quantity (a cart's, an order's or a quote's line). */
export const lineTotalCents = (line: { unitPriceCents: number; quantity: number }) =>
  line.unitPriceCents * line.quantity;

/** The selling price: list price × (1 − percentOff / 100), to the nearest cent. */
export function discountedCents(priceCents: number, percentOff: number): number {
  return Math.round(priceCents * (1 - percentOff / 100));
}

/**
 * US sales tax: the 2025 rate per state (and DC) from us-sales-tax-2025.csv, as basis points so rates
 * and amounts stay integers. Pure and browser-safe: the frontend shows rates with the same table the
 * orders decider charges with.
 */
import { salesTaxRates } from './sales-tax-table.ts';
import { formatHundredths } from '../hundredths.ts';

export { salesTaxRates };

export interface SalesTaxRate {
  /** Two-letter postal code, e.g. 'LA'. */
  code: string;
  name: string;
  /** 10.12% = 1012. */
  rateBasisPoints: number;
}

const ratesByCode = new Map(salesTaxRates.map((rate) => [rate.code, rate]));

/** The rate of a state by its postal code ('LA'), or undefined for anything else. */
export function taxRateFor(code: string): SalesTaxRate | undefined {
  return ratesByCode.get(code.toUpperCase());
}

/** subtotal × rate, rounded half-up to the cent once (per order, not per line). Integer arithmetic: no float drift. */
export function taxCents(subtotalCents: number, rateBasisPoints: number): number {
  if (!Number.isSafeInteger(subtotalCents) || subtotalCents < 0)
    throw new RangeError(`Subtotal must be whole non-negative cents: ${subtotalCents}`);
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0)
    throw new RangeError(`Rate must be whole basis points: ${rateBasisPoints}`);
  const product = BigInt(subtotalCents) * BigInt(rateBasisPoints);
  return Number((product + 5_000n) / 10_000n);
}

/** An order that recorded a certificate number (a verified exemption, orders/tax-exemption.ts) is tax free. */
export function isTaxExempt(taxExemptNumber: string | null | undefined): boolean {
  return (taxExemptNumber ?? '').trim() !== '';
}

/** An order's money: the subtotal, its shipping, the tax on both (once, half-up) and the total. */
export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The one totals rule: checkout shows them, the order and quote deciders record them. Shipping is taxed like
 * the goods it delivers: tax = (subtotal + shipping) × the state's rate, rounded once (the README's "Shipping is
 * taxed" says why); an exempt order's rate is 0, so neither is taxed. Orders before shipping was charged: 0.
 */
export function totalsAt(subtotalCents: number, rateBasisPoints: number, shippingCents: number): OrderTotals {
  if (!Number.isSafeInteger(shippingCents) || shippingCents < 0)
    throw new RangeError(`Shipping must be whole non-negative cents: ${shippingCents}`);
  const tax = taxCents(subtotalCents + shippingCents, rateBasisPoints);
  return { subtotalCents, shippingCents, taxCents: tax, totalCents: subtotalCents + shippingCents + tax };
}

/** 1012 → '10.12%': the spec shows the rate with 2 decimals. */
export function formatTaxRate(rateBasisPoints: number): string {
  return `${formatHundredths(rateBasisPoints)}%`;
}

/** What an order's tax line is made of: the state it was taxed in, the rate charged then, and the exemption. */
export interface TaxFacts {
  taxState: string;
  taxRateBasisPoints: number;
  taxExemptNumber: string | null;
}

/**
 * The one tax line of every surface (checkout, order desk, invoice, credit note, emails):
 * 'Sales tax (LA 10.12%)' with the rate the order was charged, or 'Sales tax (exempt: EX-123)'.
 */
export function salesTaxLine({ taxState, taxRateBasisPoints, taxExemptNumber }: TaxFacts): string {
  if (isTaxExempt(taxExemptNumber)) return `Sales tax (exempt: ${taxExemptNumber!.trim()})`;
  return `Sales tax (${taxState.toUpperCase()} ${formatTaxRate(taxRateBasisPoints)})`;
}

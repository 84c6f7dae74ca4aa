import { formatTaxRate, isTaxExempt, taxCents, taxRateFor } from '@labshop/shared/tax/sales-tax';

export interface CheckoutTotals {
  rateBasisPoints: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What the shopper is shown before placing the order, with the table and rounding the server decides
 * with; null until a state is chosen. `exemptionClaim` is the verified certificate's number when it
 * applies to the state (orders/tax-exemption.ts `exemptionClaimFor`): then the tax is 0.
 */
export function checkoutTotals(subtotalCents: number, stateCode: string, exemptionClaim: string | null): CheckoutTotals | null {
  const rate = taxRateFor(stateCode);
  if (rate === undefined) return null;
  const rateBasisPoints = isTaxExempt(exemptionClaim) ? 0 : rate.rateBasisPoints;
  const tax = taxCents(subtotalCents, rateBasisPoints);
  return { rateBasisPoints, taxCents: tax, totalCents: subtotalCents + tax };
}

/** 'Sales tax (Louisiana 10.12%)', 'Sales tax (tax exempt)', or a prompt while no state is chosen. */
export function salesTaxLabel(stateCode: string, taxExemptNumber: string | null, rateBasisPoints?: number): string {
  if (isTaxExempt(taxExemptNumber)) return 'Sales tax (tax exempt)';
  const state = taxRateFor(stateCode);
  if (state === undefined) return 'Sales tax (choose a state)';
  return `Sales tax (${state.name} ${formatTaxRate(rateBasisPoints ?? state.rateBasisPoints)})`;
}

import { isTaxExempt, salesTaxLine, taxRateFor, totalsAt } from '@labshop/contracts/tax/sales-tax';
import { shippingCentsOf, shippingLine } from '@labshop/contracts/orders/shipping';
import type { OrderView } from '@labshop/contracts/orders/queries';

export interface CheckoutTotals {
  rateBasisPoints: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What the shopper is shown before placing the order, with the table and rounding the server decides
 * with; null until a state is chosen. `exemptionClaim` is the verified certificate's number when it
 * applies to the state (orders/tax-exemption.ts `exemptionClaimFor`): then the tax is 0. The address step
 * has no shipping yet (0: chosen in the next step).
 */
export function checkoutTotals(
  subtotalCents: number,
  stateCode: string,
  exemptionClaim: string | null,
  shippingCents: number,
): CheckoutTotals | null {
  const rate = taxRateFor(stateCode);
  if (rate === undefined) return null;
  const rateBasisPoints = isTaxExempt(exemptionClaim) ? 0 : rate.rateBasisPoints;
  const { taxCents, totalCents } = totalsAt(subtotalCents, rateBasisPoints, shippingCents);
  return { rateBasisPoints, taxCents, totalCents };
}

/** The shipping line of a placed order's summary: 'Shipping (Ground)' and its cost ('Shipping', $0.00 for orders placed before shipping was charged). */
export const orderShippingRow = (order: Pick<OrderView, 'shipping'>) => ({
  label: shippingLine(order.shipping),
  cents: shippingCentsOf(order),
});

/** The shop's one tax line (salesTaxLine: 'Sales tax (LA 10.12%)', 'Sales tax (exempt: EX-1)'), or a prompt while no state is chosen. */
export function salesTaxLabel(stateCode: string, taxExemptNumber: string | null, rateBasisPoints?: number): string {
  const state = taxRateFor(stateCode);
  if (state === undefined && !isTaxExempt(taxExemptNumber)) return 'Sales tax (choose a state)';
  return salesTaxLine({
    taxState: stateCode,
    taxRateBasisPoints: rateBasisPoints ?? state?.rateBasisPoints ?? 0,
    taxExemptNumber,
  });
}

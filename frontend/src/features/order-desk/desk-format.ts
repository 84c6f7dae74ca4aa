import { exhaustive } from '@labshop/shared/exhaustive';
import type { TimelineActor } from '@labshop/shared/queries/order-desk';
import { formatTaxRate, isTaxExempt } from '@labshop/shared/tax/sales-tax';

/** When something happened, in the admin's own time zone and locale, to the minute. */
export const formatDeskTime = (at: string) => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const kindLabel = (kind: 'order' | 'quote') => (kind === 'quote' ? 'Quote' : 'Order');

/** Who did it, as the timeline names them: the admin by email, the customer as such, the shop's own processes as the system. */
export function actorLabel(actor: TimelineActor): string {
  switch (actor.kind) {
    case 'admin':
      return actor.email === '' ? 'an admin' : actor.email;
    case 'customer':
      return actor.email === '' ? 'the customer' : `the customer (${actor.email})`;
    case 'anonymous':
      return 'a visitor who was not signed in';
    case 'system':
      return 'the system';
    default:
      return exhaustive(actor.kind);
  }
}

interface TaxFacts {
  taxState: string;
  taxRateBasisPoints: number;
  taxExemptNumber: string | null;
}

/** The tax line with the rate the order was charged (not today's table's): 'Sales tax (LA 10.12%)' or the exemption number. */
export function taxLabel({ taxState, taxRateBasisPoints, taxExemptNumber }: TaxFacts): string {
  if (isTaxExempt(taxExemptNumber)) return `Sales tax (exempt: ${taxExemptNumber?.trim() ?? ''})`;
  return `Sales tax (${taxState} ${formatTaxRate(taxRateBasisPoints)})`;
}

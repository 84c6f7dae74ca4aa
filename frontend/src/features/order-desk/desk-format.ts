import { exhaustive } from '@labshop/shared/exhaustive';
import type { TimelineActor } from '@labshop/shared/queries/order-desk';
import { BUSINESS_TIME_ZONE } from '@labshop/shared/orders/business-day';
import { formatTaxRate, isTaxExempt } from '@labshop/shared/tax/sales-tax';

const deskTime = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'short' });

/**
 * When something happened, to the minute, on the shop's business (New York) clock: the same days the date
 * filters, order numbers and best sellers count, whatever zone the admin's browser is in.
 */
export const formatDeskTime = (at: string) => deskTime.format(new Date(at));

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

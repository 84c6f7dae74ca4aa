import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { StoredDocument } from '@labshop/shared/read-store/port';
import { taxExemptionEventTypes, type TaxExemptionEvent } from '@labshop/shared/events/tax-exemptions';
import { evolveTaxExemption, type TaxExemption } from '@labshop/shared/orders/tax-exemption';
import type { Projection } from '../projection.ts';

/**
 * One document per customer who filed a tax exemption certificate (id = the customer id), folded with
 * the command API's own fold: the customer's My Account and checkout read theirs, the back office lists
 * them by `status` (certificates under review first). An erased customer's document is deleted.
 */
export interface TaxExemptionDocument extends StoredDocument, TaxExemption {
  customerId: string;
  /** The email of the account that filed it, lower case (the back office's list shows who). */
  customerEmail: string;
  /** The admin who verified or rejected it; '' while under review. */
  decidedBy: string;
}

const TYPES: ReadonlySet<string> = new Set(taxExemptionEventTypes);
const isTaxExemptionEvent = (event: RecordedEvent): event is RecordedEvent & TaxExemptionEvent => TYPES.has(event.type);

export const taxExemptions: Projection<TaxExemptionDocument> = {
  name: 'tax-exemptions',
  version: 1,
  indexedFields: ['status'],

  documentIds(event) {
    return isTaxExemptionEvent(event) || event.type === 'CustomerErased' ? [(event.data as { customerId: string }).customerId] : [];
  },

  project(document, event) {
    if (event.type === 'CustomerErased') return null;
    if (!isTaxExemptionEvent(event)) return document;
    const exemption = evolveTaxExemption(document, event);
    if (!exemption) return document;
    const { customerId } = event.data;
    const filed = event.type === 'TaxExemptionFiled';
    return {
      id: customerId,
      customerId,
      customerEmail: filed ? event.metadata.actor.email.toLowerCase() : (document?.customerEmail ?? ''),
      ...exemption,
      decidedBy: filed ? '' : event.metadata.actor.email,
    };
  },
};

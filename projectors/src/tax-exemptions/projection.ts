import { taxExemptionEventTypes, type TaxExemptionEvent } from '@labshop/contracts/tax/exemptions-events';
import { evolveTaxExemption } from '@labshop/contracts/orders/tax-exemption';
import { taxExemptionsReadModel, type TaxExemptionDocument } from '@labshop/contracts/tax/exemptions-queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isTaxExemptionEvent = eventGuard<TaxExemptionEvent>(taxExemptionEventTypes);

export const taxExemptions: Projection<TaxExemptionDocument> = {
  ...taxExemptionsReadModel,
  version: 1,

  documentIds(event) {
    return isTaxExemptionEvent(event) || event.type === 'CustomerErased'
      ? [(event.data as { customerId: string }).customerId]
      : [];
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

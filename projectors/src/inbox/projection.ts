import { inboxEventTypes, type InboxEvent } from '@labshop/contracts/inbox/events';
import { evolveSubmission, submissionIdOf } from '@labshop/contracts/inbox/fold-submission';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { inboxReadModel, type InboxDocument } from '@labshop/contracts/inbox/queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isInboxEvent = eventGuard<InboxEvent>(inboxEventTypes);

export const inbox: Projection<InboxDocument> = {
  ...inboxReadModel,
  version: 1,

  documentIds(event) {
    if (event.type === 'CustomerErased') return (event.data as { submissionIds?: string[] }).submissionIds ?? [];
    return isInboxEvent(event) ? [submissionIdOf(event)] : [];
  },

  project(entry, event) {
    if (event.type === 'CustomerErased') return entry && erasedEntry(entry);
    return isInboxEvent(event) ? evolveSubmission(entry, event) : entry;
  },
};

/**
 * A submission of an erased customer, as a rebuild through the personal-data store makes it: the sender
 * reads as the erased customer, what they wrote is blank; the service asked about and the interests stay.
 */
function erasedEntry(entry: InboxDocument): Omit<InboxDocument, '_position'> {
  return {
    ...entry,
    name: ERASED_CUSTOMER.name,
    email: ERASED_CUSTOMER.email,
    company: '',
    phone: '',
    topic: entry.kind === 'contact' ? '' : entry.topic,
    message: '',
    details: entry.details.filter(({ label }) => label === 'Interests'),
  };
}

import { inboxEventTypes, type InboxEvent } from '@labshop/contracts/inbox/events';
import { exhaustive } from '@labshop/contracts/exhaustive';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { inboxReadModel, type InboxDocument } from '@labshop/contracts/inbox/queries';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { Projection } from '@labshop/platform/read-store/projection';

const isInboxEvent = eventGuard<InboxEvent>(inboxEventTypes);

const labelled = (rows: [string, string][]) =>
  rows.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));

export const inbox: Projection<InboxDocument> = {
  ...inboxReadModel,
  version: 1,

  documentIds(event) {
    if (event.type === 'CustomerErased') return (event.data as { submissionIds?: string[] }).submissionIds ?? [];
    if (!isInboxEvent(event)) return [];
    switch (event.type) {
      case 'InquirySubmitted':
        return [event.data.inquiryId];
      case 'ContactMessageSubmitted':
        return [event.data.messageId];
      case 'SubmissionAnswered':
        return [event.data.submissionId];
      default:
        return exhaustive(event);
    }
  },

  project(entry, event) {
    if (event.type === 'CustomerErased') return entry && erasedEntry(entry);
    if (!isInboxEvent(event)) return entry;
    switch (event.type) {
      case 'InquirySubmitted': {
        const { inquiryId, service, firstName, lastName, company, phone, email, comment, submittedAt } = event.data;
        return {
          id: inquiryId,
          kind: 'inquiry',
          status: 'new',
          submittedAt,
          name: `${firstName} ${lastName}`,
          email,
          company,
          phone,
          topic: service,
          message: comment,
          details: [],
          answeredBy: null,
          answeredAt: null,
        };
      }
      case 'ContactMessageSubmitted': {
        const { messageId, subject, name, email, extension, title, department, message, interests, submittedAt } =
          event.data;
        return {
          id: messageId,
          kind: 'contact',
          status: 'new',
          submittedAt,
          name,
          email,
          company: '',
          phone: '',
          topic: subject,
          message,
          details: labelled([
            ['Title', title],
            ['Department', department],
            ['Extension', extension],
            ['Interests', interests.join(', ')],
          ]),
          answeredBy: null,
          answeredAt: null,
        };
      }
      case 'SubmissionAnswered':
        return (
          entry && {
            ...entry,
            status: 'answered',
            answeredBy: event.data.answeredBy,
            answeredAt: event.data.answeredAt,
          }
        );
      default:
        return exhaustive(event);
    }
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

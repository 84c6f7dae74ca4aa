import type { RecordedEvent } from '@labshop/platform/event-store/port';
import type { InboxEvent } from '@labshop/contracts/inbox/events';
import { inboxEmailJob } from '../jobs/inbox-emails.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

/**
 * Each inquiry and contact message is mailed to the sales inbox and acknowledged to its sender (two
 * jobs, `<event id>-1` and `-2`), unless the command API found the acknowledgement budget spent
 * (`acknowledge: false`): then only the sales inbox hears of it. Jobs carry the submission's kind and id only.
 */
/** The inbox events that are mailed; their union is derived from this list, and `toJobs` switches over every member. */
const mailedSubmissionTypes = [
  'InquirySubmitted',
  'ContactMessageSubmitted',
] as const satisfies readonly InboxEvent['type'][];

type MailedSubmission = Extract<InboxEvent, { type: (typeof mailedSubmissionTypes)[number] }>;

export const inboxEmailsReactor: Reactor = {
  name: 'inbox-emails',
  eventTypes: mailedSubmissionTypes,
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const event = { type: recorded.type, data: recorded.data } as MailedSubmission;
    switch (event.type) {
      case 'InquirySubmitted': {
        const about = { kind: 'inquiry' as const, submissionId: event.data.inquiryId };
        const toSales = inboxEmailJob({ template: 'inquiry-to-sales', ...about });
        return event.data.acknowledge === false
          ? [toSales]
          : [toSales, inboxEmailJob({ template: 'inquiry-acknowledgement', ...about })];
      }
      case 'ContactMessageSubmitted': {
        const about = { kind: 'contact' as const, submissionId: event.data.messageId };
        const toSales = inboxEmailJob({ template: 'contact-to-sales', ...about });
        return event.data.acknowledge === false
          ? [toSales]
          : [toSales, inboxEmailJob({ template: 'contact-acknowledgement', ...about })];
      }
    }
  },
};

import type { RecordedEvent } from '@labshop/shared/event-store/port';
import type { ContactMessageSubmitted, InquirySubmitted } from '@labshop/shared/events/inbox';
import { inboxEmailJob } from '../jobs/inbox-emails.ts';
import type { JobRequest, Reactor } from '../reactor/reactor.ts';

/**
 * Each inquiry and contact message is mailed to the sales inbox and acknowledged to its sender (two
 * jobs, `<event id>-1` and `-2`). Jobs carry the submission's kind and id only.
 */
export const inboxEmailsReactor: Reactor = {
  name: 'inbox-emails',
  eventTypes: ['InquirySubmitted', 'ContactMessageSubmitted'],
  toJobs(recorded: RecordedEvent): JobRequest[] {
    const event = { type: recorded.type, data: recorded.data } as InquirySubmitted | ContactMessageSubmitted;
    switch (event.type) {
      case 'InquirySubmitted': {
        const about = { kind: 'inquiry' as const, submissionId: event.data.inquiryId };
        return [inboxEmailJob({ template: 'inquiry-to-sales', ...about }), inboxEmailJob({ template: 'inquiry-acknowledgement', ...about })];
      }
      case 'ContactMessageSubmitted': {
        const about = { kind: 'contact' as const, submissionId: event.data.messageId };
        return [inboxEmailJob({ template: 'contact-to-sales', ...about }), inboxEmailJob({ template: 'contact-acknowledgement', ...about })];
      }
    }
  },
};

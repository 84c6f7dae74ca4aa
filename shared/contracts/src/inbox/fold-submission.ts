import type { InboxEvent } from './events.ts';
import type { InboxEntry } from './queries.ts';
import { exhaustive } from '../exhaustive.ts';

/**
 * The one fold of a submission's stream (`inquiry-<id>` or `contact-message-<id>`): the submission as the
 * back office's inbox shows it, or null before it was sent. The submission decider decides on it (sent once,
 * answered once) and the inbox read model stores it.
 */
export function evolveSubmission(entry: InboxEntry | null, event: InboxEvent): InboxEntry | null {
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
        entry && { ...entry, status: 'answered', answeredBy: event.data.answeredBy, answeredAt: event.data.answeredAt }
      );
    default:
      return exhaustive(event);
  }
}

/** The submission an event belongs to. */
export function submissionIdOf(event: InboxEvent): string {
  switch (event.type) {
    case 'InquirySubmitted':
      return event.data.inquiryId;
    case 'ContactMessageSubmitted':
      return event.data.messageId;
    case 'SubmissionAnswered':
      return event.data.submissionId;
    default:
      return exhaustive(event);
  }
}

const labelled = (rows: [string, string][]) =>
  rows.filter(([, value]) => value !== '').map(([label, value]) => ({ label, value }));

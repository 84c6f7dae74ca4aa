import type { ContactInterest, SubmissionKind } from './commands.ts';
import { everyEventType } from '../every-event-type.ts';

/**
 * What visitors sent (an inquiry from a service page, a contact message) and its answering in the
 * back office. Each submission is its own stream, so marking one answered never races another.
 * The submitting visitor is the actor (kind 'anonymous', id = the submission's id) with the client's
 * address and user agent in the metadata.
 */
export const inquiryStream = (inquiryId: string) => `inquiry-${inquiryId}`;
export const contactMessageStream = (messageId: string) => `contact-message-${messageId}`;

export const submissionStream = (kind: SubmissionKind, id: string) =>
  kind === 'inquiry' ? inquiryStream(id) : contactMessageStream(id);

export interface InquirySubmitted {
  type: 'InquirySubmitted';
  data: {
    inquiryId: string;
    /** The service the form was preselected to (or the visitor chose); '' when none. */
    service: string;
    firstName: string;
    lastName: string;
    company: string;
    phone: string;
    email: string;
    comment: string;
    submittedAt: string;
    /** false: the acknowledgement budget was spent (command-api inbox/routes.ts), so none is mailed; absent on older events (mailed). */
    acknowledge?: boolean;
  };
}

export interface ContactMessageSubmitted {
  type: 'ContactMessageSubmitted';
  data: {
    messageId: string;
    subject: string;
    name: string;
    email: string;
    extension: string;
    title: string;
    department: string;
    message: string;
    interests: ContactInterest[];
    submittedAt: string;
    /** As InquirySubmitted's. */
    acknowledge?: boolean;
  };
}

/** An admin marked a submission answered (the admin is the event's actor too). */
export interface SubmissionAnswered {
  type: 'SubmissionAnswered';
  data: {
    kind: SubmissionKind;
    submissionId: string;
    answeredBy: { id: string; email: string };
    answeredAt: string;
  };
}

export type InboxEvent = InquirySubmitted | ContactMessageSubmitted | SubmissionAnswered;

export const inboxEventTypes = everyEventType<InboxEvent['type']>()([
  'InquirySubmitted',
  'ContactMessageSubmitted',
  'SubmissionAnswered',
]);

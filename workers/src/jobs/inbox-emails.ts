import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { submissionKinds, type SubmissionKind } from '@labshop/contracts/inbox/commands';
import { submissionStream, type ContactMessageSubmitted, type InquirySubmitted } from '@labshop/contracts/inbox/events';
import type { MailSender, OutgoingMail } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import { MAIL_QUEUE } from './customer-emails.ts';
import {
  inboxEmailTemplates,
  renderInboxEmail,
  type InboxEmail,
  type InboxEmailTemplate,
} from './inbox-emails-templates.ts';
import type { SendOrderEmailResult } from './order-emails.ts';
import type { RunOnce } from './run-once.ts';

export const SEND_INBOX_EMAIL = 'send-inbox-email';

/**
 * A submission's mail names the submission only: the processor reads what the visitor sent from its
 * stream, so Redis holds no address or message.
 */
export interface InboxEmailData {
  template: InboxEmailTemplate;
  kind: SubmissionKind;
  submissionId: string;
}

export const inboxEmailJob = (data: InboxEmailData): JobRequest<InboxEmailData> => ({
  queue: MAIL_QUEUE,
  name: SEND_INBOX_EMAIL,
  data,
});

export interface InboxEmailSettings {
  /** Where the shop is reached, without a trailing slash. */
  publicUrl: string;
  /** The sales inbox every inquiry and contact message goes to; unset, those mails are skipped (acknowledgements still go out). */
  salesEmail?: string | undefined;
}

/** Renders and sends one submission mail per job id (run-once.ts), like the order and account mails. */
export function createSendInboxEmailProcessor(deps: {
  eventStore: EventStore;
  mailSender: MailSender;
  runOnce: RunOnce;
  messageIdDomain: string;
  settings: InboxEmailSettings;
}) {
  return async (job: Pick<Job<unknown>, 'id' | 'data'>): Promise<SendOrderEmailResult> => {
    if (job.id === undefined) throw new UnrecoverableError(`${SEND_INBOX_EMAIL} needs a job id`);
    const data = parseInboxEmailData(job.data);
    if (data.template.endsWith('-to-sales') && !deps.settings.salesEmail)
      return { outcome: 'skipped', reason: 'SALES_EMAIL is not set' };
    const submitted = await firstEvent(deps.eventStore, submissionStream(data.kind, data.submissionId));
    const mail: OutgoingMail = {
      ...renderInboxEmail(inboxEmailOf(data.template, submitted), deps.settings),
      messageId: `<${job.id}@${deps.messageIdDomain}>`,
    };
    const outcome = await deps.runOnce(job.id, async () => {
      await deps.mailSender.send(mail);
    });
    return { outcome: outcome === 'ran' ? 'sent' : 'already-sent', messageId: mail.messageId ?? '' };
  };
}

async function firstEvent(eventStore: EventStore, stream: string): Promise<RecordedEvent | undefined> {
  for await (const event of eventStore.readStream(stream, { toRevision: 0 })) return event;
  return undefined;
}

/** A template on the wrong event (or a submission that is not there) is a bug, not retried. */
function inboxEmailOf(template: InboxEmailTemplate, submitted: RecordedEvent | undefined): InboxEmail {
  switch (template) {
    case 'inquiry-to-sales':
    case 'inquiry-acknowledgement':
      if (submitted?.type !== 'InquirySubmitted')
        throw new UnrecoverableError(`${template} mail needs an InquirySubmitted event`);
      return { template, inquiry: submitted.data as InquirySubmitted['data'] };
    case 'contact-to-sales':
    case 'contact-acknowledgement':
      if (submitted?.type !== 'ContactMessageSubmitted')
        throw new UnrecoverableError(`${template} mail needs a ContactMessageSubmitted event`);
      return { template, message: submitted.data as ContactMessageSubmitted['data'] };
  }
}

const inboxEmailData = z.object({
  template: z.enum(inboxEmailTemplates),
  kind: z.enum(submissionKinds),
  submissionId: z.uuid(),
}) satisfies z.ZodType<InboxEmailData>;

function parseInboxEmailData(data: unknown): InboxEmailData {
  const parsed = inboxEmailData.safeParse(data);
  if (!parsed.success)
    throw new UnrecoverableError(
      `${SEND_INBOX_EMAIL} data is invalid: ${parsed.error.issues.map((issue) => issue.path.join('.') || 'data').join(', ')}`,
    );
  return parsed.data;
}

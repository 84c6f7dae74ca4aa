import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { customerStream, type CustomerEvent, type CustomerRecipient } from '@labshop/contracts/customers/events';
import { ERASED_CUSTOMER } from '@labshop/contracts/orders/erased-customer';
import { eventGuard } from '@labshop/contracts/every-event-type';
import type { MailSender } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import type { RunOnce } from './run-once.ts';
import { renderCustomerEmail, type CustomerEmailData, type CustomerEmailLinks } from './customer-emails-templates.ts';

export const MAIL_QUEUE = 'mail';
export const SEND_CUSTOMER_EMAIL = 'send-customer-email';

export type SendEmailResult =
  | { outcome: 'sent'; messageId: string }
  | { outcome: 'already-sent'; messageId: string }
  | { outcome: 'skipped'; reason: string };

/**
 * What a customer-email job carries: the customer's id and the revision of the event that calls for the
 * mail, nothing else. The processor reads the recipient's email and names from that event when it
 * sends, so Redis never holds them (completed and failed jobs are kept for days) and a job that runs
 * after the customer was erased finds them erased and sends nothing.
 */
export interface CustomerEmailJobData {
  customerId: string;
  revision: number;
}

export const customerEmailJob = (data: CustomerEmailJobData): JobRequest<CustomerEmailJobData> => ({
  queue: MAIL_QUEUE,
  name: SEND_CUSTOMER_EMAIL,
  data,
});

/** The customer events that are mailed (the customer-emails reactor's types); their union is derived from this list. */
export const mailingCustomerEventTypes = [
  'ActivationTokenIssued',
  'PasswordResetRequested',
  'CustomerActivated',
] as const satisfies readonly CustomerEvent['type'][];

type MailingEvent = Extract<CustomerEvent, { type: (typeof mailingCustomerEventTypes)[number] }>;
const isMailingEvent = eventGuard<MailingEvent>(mailingCustomerEventTypes);

const recipientOf = ({ email, title, firstName, lastName }: CustomerRecipient) => ({
  to: email,
  title,
  firstName,
  lastName,
});

/** The message an account event calls for: its template, recipient and the token's id (never the token). */
export function customerEmailOf(event: MailingEvent): CustomerEmailData {
  switch (event.type) {
    case 'ActivationTokenIssued': {
      const { tokenId, expiresAt, reason, returnTo } = event.data;
      return {
        ...recipientOf(event.data),
        template: reason === 'resend' ? 'activation-resend' : 'activation',
        tokenId,
        expiresAt,
        ...(returnTo === undefined ? {} : { returnTo }),
      };
    }
    case 'PasswordResetRequested':
      return {
        ...recipientOf(event.data),
        template: 'password-reset',
        tokenId: event.data.tokenId,
        expiresAt: event.data.expiresAt,
      };
    case 'CustomerActivated':
      return { ...recipientOf(event.data), template: 'welcome' };
  }
}

/**
 * Reads the event the job names, renders the message (deriving the link's token from its id) and sends it
 * once per job id: the Message-ID comes from the job id, so a copy sent in the at-least-once window carries
 * the same one, and run-once.ts keeps a retry from mailing twice.
 */
export function createSendCustomerEmailProcessor(deps: {
  eventStore: EventStore;
  mailSender: MailSender;
  runOnce: RunOnce;
  messageIdDomain: string;
  links: CustomerEmailLinks;
}) {
  return async (job: Pick<Job<unknown>, 'id' | 'data'>): Promise<SendEmailResult> => {
    if (job.id === undefined) throw new UnrecoverableError('send-customer-email needs a job id');
    const { customerId, revision } = parseCustomerEmailJobData(job.data);
    const event = await eventAt(deps.eventStore, customerStream(customerId), revision);
    if (!event || !isMailingEvent(event)) {
      throw new UnrecoverableError(
        `send-customer-email: revision ${revision} of the customer's stream is not a mailed account event`,
      );
    }
    const data = customerEmailOf(event);
    if (data.to === ERASED_CUSTOMER.email) return { outcome: 'skipped', reason: 'the customer was erased' };
    const mail = renderCustomerEmail(data, deps.links);
    const messageId = `<${job.id}@${deps.messageIdDomain}>`;
    const outcome = await deps.runOnce(job.id, async () => {
      await deps.mailSender.send({ ...mail, messageId });
    });
    return { outcome: outcome === 'ran' ? 'sent' : 'already-sent', messageId };
  };
}

async function eventAt(eventStore: EventStore, stream: string, revision: number): Promise<RecordedEvent | undefined> {
  for await (const event of eventStore.readStream(stream, { fromRevision: revision, toRevision: revision }))
    return event;
  return undefined;
}

const customerEmailJobData = z.object({
  customerId: z.string().min(1),
  revision: z.number().int().nonnegative(),
}) satisfies z.ZodType<CustomerEmailJobData>;

function parseCustomerEmailJobData(data: unknown): CustomerEmailJobData {
  const parsed = customerEmailJobData.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'data'))];
    throw new UnrecoverableError(`send-customer-email data is invalid: ${fields.join(', ')}`);
  }
  return parsed.data;
}

import { UnrecoverableError, type Job } from 'bullmq';
import { z } from 'zod';
import type { MailSender } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import type { RunOnce } from './run-once.ts';
import { renderCustomerEmail, type CustomerEmailData, type CustomerEmailLinks } from './customer-emails-templates.ts';

export const MAIL_QUEUE = 'mail';
export const SEND_CUSTOMER_EMAIL = 'send-customer-email';

export type SendEmailResult = { outcome: 'sent'; messageId: string } | { outcome: 'already-sent'; messageId: string };

/** What the customer-emails reactor returns: the data names the token by id, so Redis never holds a usable link. */
export function customerEmailJob(data: CustomerEmailData): JobRequest<CustomerEmailData> {
  return { queue: MAIL_QUEUE, name: SEND_CUSTOMER_EMAIL, data };
}

/**
 * Renders the message (deriving the link's token from its id) and sends it once per job id: the
 * Message-ID comes from the job id, so a copy sent in the at-least-once window carries the same one, and
 * run-once.ts keeps a retry from mailing twice.
 */
export function createSendCustomerEmailProcessor(deps: { mailSender: MailSender; runOnce: RunOnce; messageIdDomain: string; links: CustomerEmailLinks }) {
  return async (job: Pick<Job<unknown>, 'id' | 'data'>): Promise<SendEmailResult> => {
    if (job.id === undefined) throw new UnrecoverableError('send-customer-email needs a job id');
    const mail = renderCustomerEmail(parseCustomerEmailData(job.data), deps.links);
    const messageId = `<${job.id}@${deps.messageIdDomain}>`;
    const outcome = await deps.runOnce(job.id, async () => {
      await deps.mailSender.send({ ...mail, messageId });
    });
    return { outcome: outcome === 'ran' ? 'sent' : 'already-sent', messageId };
  };
}

const text = z.string().min(1);
const recipient = { to: text, title: z.enum(['Mr', 'Ms']), firstName: text, lastName: text };
const customerEmailData = z.discriminatedUnion('template', [
  z.object({ ...recipient, template: z.enum(['activation', 'activation-resend', 'password-reset']), tokenId: text, expiresAt: text }),
  z.object({ ...recipient, template: z.literal('welcome') }),
]) satisfies z.ZodType<CustomerEmailData>;

function parseCustomerEmailData(data: unknown): CustomerEmailData {
  const parsed = customerEmailData.safeParse(data);
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'data'))];
    throw new UnrecoverableError(`send-customer-email data is invalid: ${fields.join(', ')}`);
  }
  return parsed.data;
}

import { UnrecoverableError, type Job } from 'bullmq';
import type { MailSender } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import type { RunOnce } from './run-once.ts';
import { MAIL_QUEUE, type SendEmailResult } from './send-email.ts';
import { renderCustomerEmail, type CustomerEmailData, type CustomerEmailLinks, type CustomerEmailTemplate } from './customer-emails-templates.ts';

export const SEND_CUSTOMER_EMAIL = 'send-customer-email';

/** What the customer-emails reactor returns: the data names the token by id, so Redis never holds a usable link. */
export function customerEmailJob(data: CustomerEmailData): JobRequest<CustomerEmailData> {
  return { queue: MAIL_QUEUE, name: SEND_CUSTOMER_EMAIL, data };
}

/**
 * Renders the message (deriving the link's token from its id) and sends it once per job id, like
 * send-email.ts: the Message-ID comes from the job id and run-once.ts keeps a retry from mailing twice.
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

const templates: readonly CustomerEmailTemplate[] = ['activation', 'activation-resend', 'password-reset', 'welcome'];

function parseCustomerEmailData(data: unknown): CustomerEmailData {
  if (typeof data !== 'object' || data === null) throw new UnrecoverableError('send-customer-email data is not an object');
  const record = data as Record<string, unknown>;
  const template = record.template as CustomerEmailTemplate;
  if (!templates.includes(template)) throw new UnrecoverableError(`send-customer-email has no template ${String(record.template)}`);
  const required = ['to', 'title', 'firstName', 'lastName', ...(template === 'welcome' ? [] : ['tokenId', 'expiresAt'])];
  const missing = required.filter((field) => typeof record[field] !== 'string' || record[field] === '');
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (missing.length > 0) throw new UnrecoverableError(`send-customer-email data lacks ${missing.join(', ')}`);
  return record as unknown as CustomerEmailData;
}

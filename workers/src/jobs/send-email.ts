import { UnrecoverableError, type Job } from 'bullmq';
import type { MailSender } from '../mail/mail-sender.ts';
import type { JobRequest } from '../reactor/reactor.ts';
import type { RunOnce } from './run-once.ts';

export const MAIL_QUEUE = 'mail';
export const SEND_EMAIL = 'send-email';

export interface SendEmailData {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** What a reactor returns to have a message sent. */
export function sendEmailJob(data: SendEmailData): JobRequest<SendEmailData> {
  return { queue: MAIL_QUEUE, name: SEND_EMAIL, data };
}

export type SendEmailResult = { outcome: 'sent'; messageId: string } | { outcome: 'already-sent'; messageId: string };

/** Sends one message per job id, however often BullMQ runs the job (see run-once.ts for the limit). */
export function createSendEmailProcessor(deps: { mailSender: MailSender; runOnce: RunOnce; messageIdDomain: string }) {
  return async (job: Pick<Job<unknown>, 'id' | 'data'>): Promise<SendEmailResult> => {
    if (job.id === undefined) throw new UnrecoverableError('send-email needs a job id');
    const data = parseSendEmailData(job.data);
    // Derived from the job id, so a copy sent in the at-least-once window carries the same Message-ID.
    const messageId = `<${job.id}@${deps.messageIdDomain}>`;
    const outcome = await deps.runOnce(job.id, async () => {
      await deps.mailSender.send({ ...data, messageId });
    });
    return { outcome: outcome === 'ran' ? 'sent' : 'already-sent', messageId };
  };
}

function parseSendEmailData(data: unknown): SendEmailData {
  const fields = ['to', 'subject', 'html', 'text'] as const;
  if (typeof data !== 'object' || data === null) throw new UnrecoverableError('send-email data is not an object');
  const record = data as Record<string, unknown>;
  const missing = fields.filter((field) => typeof record[field] !== 'string' || record[field] === '');
  // Retrying cannot repair the data, so the job fails at once and stays in the failed set.
  if (missing.length > 0) throw new UnrecoverableError(`send-email data lacks ${missing.join(', ')}`);
  return { to: record.to as string, subject: record.subject as string, html: record.html as string, text: record.text as string };
}

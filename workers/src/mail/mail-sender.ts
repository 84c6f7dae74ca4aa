import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../logger.ts';
import { redactUrlSecrets } from '@labshop/platform/logger';
import { writeWhole } from '@labshop/platform/write-whole';
import { findLinks } from './links.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** `<id@domain>`; a stable one lets receivers and logs recognise a message sent twice. */
  messageId?: string;
  /** Files sent with the message (an order confirmation's invoice PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailSender {
  /** Resolves once the SMTP server accepted the message (or its `.eml` file is complete). */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export interface MailSenderOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; without it, mail goes to `.eml` files. */
  smtpUrl?: string | undefined;
  dataDir: string;
  from: string;
  logger: Logger;
}

export const DEFAULT_MAIL_FROM = 'LabShop <no-reply@labshop.local>';

export function createMailSender(options: MailSenderOptions): MailSender {
  return options.smtpUrl ? createSmtpMailSender(options.smtpUrl, options) : createFileMailSender(options);
}

function createSmtpMailSender(smtpUrl: string, { from, logger }: MailSenderOptions): MailSender {
  // nodemailer's defaults (2 min to connect, 10 min of silence) would let one stuck server hold a
  // job past its mail claim; these fail the attempt and leave it to the job's retries.
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 },
    { from },
  );
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      // Recipient and subject name customers: they stay out of the log (see the README's privacy note).
      logger.info({ messageId: info.messageId }, 'Mail sent over SMTP');
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** Local development and tests: each message becomes an `.eml` file any mail client opens. */
function createFileMailSender({ dataDir, from, logger }: MailSenderOptions): MailSender {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from });
  const mailDir = join(dataDir, 'mail');
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport did not return a buffer');
      const file = join(mailDir, `${fileStamp(new Date())}-${fileSafe(info.messageId)}.eml`);
      // Written whole, so nobody opens half a message.
      await writeWhole(file, info.message);
      // The links show where the mail leads; their tokens and emails stay in the file, never in a log, nor do recipient and subject.
      logger.info(
        { messageId: info.messageId, links: findLinks(mail.text, mail.html).map(redactUrlSecrets), file },
        'Mail written to file',
      );
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function fileStamp(time: Date): string {
  return time.toISOString().replace(/[:.]/g, '-');
}

function fileSafe(messageId: string): string {
  return messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9@._-]/g, '_');
}

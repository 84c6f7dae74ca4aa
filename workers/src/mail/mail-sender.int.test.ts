import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEml, readMailDir } from '../testing/read-eml.ts';
import { createRecordingLogger } from '../testing/recording-logger.ts';
import { startSmtpSink } from '../testing/smtp-sink.ts';
import { createMailSender } from './mail-sender.ts';

const welcome = {
  to: 'Ann Example <ann@example.com>',
  subject: 'Welcome to LabShop — café & co',
  text: 'Welcome! Your account: https://shop.example/account\n.\nA line with a lone dot above.',
  html: '<p>Welcome! <a href="https://shop.example/account">Your account</a></p>',
  messageId: '<welcome-1@labshop.test>',
};

let dataDir = '';

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'labshop-mail-sender-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail sender', () => {
  it('without SMTP_URL, writes a complete .eml under <dataDir>/mail and logs its links, never its recipient or subject', async () => {
    const logger = createRecordingLogger();
    const sender = createMailSender({ dataDir, from: 'LabShop <no-reply@labshop.test>', logger });
    expect(await sender.send(welcome)).toEqual({ messageId: welcome.messageId });
    sender.close();

    expect((await readdir(join(dataDir, 'mail'))).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const [mail] = await readMailDir(join(dataDir, 'mail'));
    expect(mail).toMatchObject({
      to: welcome.to,
      subject: welcome.subject,
      text: welcome.text,
      html: welcome.html,
      messageId: welcome.messageId,
    });
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'info',
        details: expect.objectContaining({ messageId: welcome.messageId, links: ['https://shop.example/account'] }),
      }),
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(welcome.to);
    expect(JSON.stringify(logger.lines)).not.toContain(welcome.subject);
  });

  it('with SMTP_URL, hands the message to that SMTP server and writes no file', async () => {
    const smtp = await startSmtpSink();
    try {
      const sender = createMailSender({
        smtpUrl: smtp.url,
        dataDir,
        from: 'LabShop <no-reply@labshop.test>',
        logger: createRecordingLogger(),
      });
      await sender.send(welcome);
      sender.close();

      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatchObject({ from: 'no-reply@labshop.test', recipients: ['ann@example.com'] });
      expect(parseEml(smtp.messages[0]?.source ?? '')).toMatchObject({
        to: welcome.to,
        subject: welcome.subject,
        text: welcome.text,
        html: welcome.html,
        messageId: welcome.messageId,
      });
      await expect(readdir(join(dataDir, 'mail'))).rejects.toThrow(/ENOENT/);
    } finally {
      await smtp.close();
    }
  });
});

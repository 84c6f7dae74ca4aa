/**
 * A workers process of its own for tests that kill one (mail-after-crash.int.test.ts): the inbox mails' reactor
 * and the mail queue, on the database, Redis, prefix and SMTP server the environment names. It prints 'ready'.
 */
import { createLogger } from '@labshop/platform/logger';
import { openStores } from '@labshop/platform/stores';
import { inboxEmailsReactor } from '../reactors/inbox-emails.ts';
import { startWorkers } from '../start.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const stores = await openStores({ DATABASE_URL: env('DATABASE_URL') });
startWorkers({
  eventStore: stores.eventStore,
  readStore: stores.readStore,
  redisUrl: env('REDIS_URL'),
  dataDir: env('DATA_DIR'),
  smtpUrl: env('SMTP_URL'),
  prefix: env('QUEUE_PREFIX'),
  logger: createLogger('silent'),
  reactors: [inboxEmailsReactor],
  inboxEmails: { publicUrl: 'https://shop.example', salesEmail: 'sales@labshop.test' },
});
process.stdout.write('ready\n');

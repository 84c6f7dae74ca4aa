import { assertRedisReachable } from '@labshop/platform/redis-check';
import { runService } from '@labshop/platform/run-service';
import { publicUrl } from '@labshop/platform/config';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { openStores } from '@labshop/platform/stores';
import { reactors } from './reactors.ts';
import { startWorkers } from './start.ts';

await runService('workers', async (config, logger) => {
  await assertRedisReachable(config.REDIS_URL);
  const stores = await openStores(config);
  const workers = startWorkers({
    eventStore: stores.eventStore,
    readStore: stores.readStore,
    redisUrl: config.REDIS_URL,
    dataDir: config.DATA_DIR,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    prefix: config.QUEUE_PREFIX,
    logger,
    reactors,
    legalRetentionYears: config.LEGAL_RETENTION_YEARS,
    invoiceConcurrency: config.INVOICE_CONCURRENCY,
    customerEmails: { publicUrl: publicUrl(config), tokenKey: deriveEmailTokenKey(await jwtSecret(config)) },
    orderEmails: { publicUrl: publicUrl(config), salesEmail: config.SALES_EMAIL },
    inboxEmails: { publicUrl: publicUrl(config), salesEmail: config.SALES_EMAIL },
  });
  return {
    async stop() {
      await workers.stop();
      await stores.close();
    },
  };
});

import { resolve } from 'node:path';
import { certificateDirOf, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { Redis } from 'ioredis';
import { runService } from '@labshop/platform/run-service';
import { trustedProxies } from '@labshop/platform/config';
import { openStores } from '@labshop/platform/stores';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { startSessionGenerations } from '@labshop/platform/auth/session-generations';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { buildCommandApp } from './app.ts';
import { deriveDeviceCookieKey } from './auth/device-cookie.ts';
import { ensureConfiguredAdmin } from './admins/admin-accounts.ts';

await runService('command-api', async (config, logger) => {
  const stores = await openStores(config);
  await ensureConfiguredAdmin(stores.eventStore, config, logger);
  // Several instances may run: rate-limit counters live in Redis.
  const redis = new Redis(config.REDIS_URL);
  const secret = await jwtSecret(config);
  const sessions = startSessionGenerations(stores.eventStore);
  const app = await buildCommandApp({
    eventStore: stores.eventStore,
    tokens: createTokenService(secret, sessions.generationOf),
    shopperLimits: config.SHOPPER_LIMITS === 'off' ? false : undefined,
    signIn: { deviceCookieKey: deriveDeviceCookieKey(secret) },
    customers: {
      emailTokenKey: deriveEmailTokenKey(secret),
      activationTokenTtlMs: config.ACTIVATION_TOKEN_TTL,
      resetTokenTtlMs: config.RESET_TOKEN_TTL,
      // Without SMTP the workers write mail to <DATA_DIR>/mail; an erasure deletes the customer's there.
      ...(!config.SMTP_URL && { mailDir: resolve(config.DATA_DIR, 'mail') }),
    },
    logger,
    redis,
    trustProxy: trustedProxies(config),
    contentDir: resolve(config.DATA_DIR, 'content'),
    certificateDir: certificateDirOf(resolve(config.DATA_DIR)),
    invoiceDir: invoiceDirOf(resolve(config.DATA_DIR)),
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    async stop() {
      await app.close();
      redis.disconnect();
      await sessions.stop();
      await stores.close();
    },
  };
});

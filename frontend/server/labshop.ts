import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { publicUrl, trustedProxies, type Config } from '@labshop/platform/config';
import { createLogger, type Logger } from '@labshop/platform/logger';
import { openStores } from '@labshop/platform/stores';
import { assertRedisReachable } from '@labshop/platform/redis-check';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { startSessionGenerations } from '@labshop/platform/auth/session-generations';
import { deriveEmailTokenKey } from '@labshop/platform/auth/email-tokens';
import { buildCommandApp } from '@labshop/command-api/app';
import { deriveDeviceCookieKey } from '@labshop/command-api/auth/device-cookie';
import { ensureConfiguredAdmin } from '@labshop/command-api/admins/admin-accounts';
import { seedAuthorization, seedDemoCatalogue } from '@labshop/command-api/seed/seed-catalogue';
import { seedDemoServices } from '@labshop/command-api/seed/seed-services';
import { seedDemoBlog } from '@labshop/command-api/seed/seed-blog';
import { CATALOGUE_STREAM } from '@labshop/contracts/catalogue/events';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import { projections } from '@labshop/projectors';
import { startProjectors } from '@labshop/projectors/start';
import { startWorkers, type RunningWorkers } from '@labshop/workers/start';
import { certificateDirOf, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { reactors } from '@labshop/workers/reactors';
import { buildPublicApp } from './public-app.ts';
import { servedContentFiles } from '@labshop/query-api/catalogue/served-files';

const FRONTEND_DIST = fileURLToPath(new URL('../dist', import.meta.url));

export interface LabShopOptions {
  /** On a first start (no catalogue event yet), fill the catalogue with the demo data before opening. */
  seedDemoCatalogue?: boolean;
}

export interface RunningLabShop {
  /** Where the shop answers, e.g. http://127.0.0.1:3000 */
  url: string;
  stop(): Promise<void>;
}

/**
 * The whole system in one process: both APIs as plugins of the one public app (no loopback hop), the
 * projectors and the workers, on the stores the configuration names. The same routes run as
 * separate services behind the gateway in docker compose.
 */
export async function startLabShop(
  config: Config,
  logger: Logger = createLogger(config.LOG_LEVEL),
  options: LabShopOptions = {},
): Promise<RunningLabShop> {
  await assertRedisReachable(config.REDIS_URL);
  const stores = await openStores(config);
  const { eventStore, readStore } = stores;
  const secret = await jwtSecret(config);
  const sessions = startSessionGenerations(eventStore);
  const tokens = createTokenService(secret, sessions.generationOf);
  const emailTokenKey = deriveEmailTokenKey(secret);
  const dataDir = resolve(config.DATA_DIR);
  const contentDir = join(dataDir, 'content');

  await ensureConfiguredAdmin(eventStore, config, logger);

  const projectors = startProjectors({
    eventStore,
    readStore,
    projections,
    logger: logger.child({ service: 'projectors' }),
  });
  // The workers start once the shop listens; until then a submitted order's jobs wait for the reactor.
  const startedWorkers: { reactNow?: RunningWorkers['reactNow'] } = {};
  const commandDeps = {
    reactNow: (events: readonly RecordedEvent[]) => startedWorkers.reactNow?.(events),
    eventStore,
    tokens,
    contentDir,
    shopperLimits: config.SHOPPER_LIMITS === 'off' ? (false as const) : undefined,
    signIn: { deviceCookieKey: deriveDeviceCookieKey(secret) },
    certificateDir: certificateDirOf(dataDir),
    invoiceDir: invoiceDirOf(dataDir),
    customers: {
      emailTokenKey,
      activationTokenTtlMs: config.ACTIVATION_TOKEN_TTL,
      resetTokenTtlMs: config.RESET_TOKEN_TTL,
      mailDir: join(dataDir, 'mail'),
    },
  };
  if (options.seedDemoCatalogue && (await catalogueIsEmpty(eventStore))) {
    // Its own command app, so the seed's hundreds of requests stay out of the log.
    const seedCommands = await buildCommandApp({
      ...commandDeps,
      logger: logger.child({ service: 'seed' }, { level: 'warn' }),
    });
    // A failed seed leaves a working, partly filled shop; `npm run seed` completes it.
    await seedDemoCatalogue({
      commands: seedCommands,
      authorization: await seedAuthorization(tokens),
      eventStore,
      logger: logger.child({ service: 'seed' }),
    }).catch((error: unknown) =>
      logger.error({ err: error }, 'seeding the demo catalogue failed; run `npm run seed` to complete it'),
    );
    await seedDemoServices({
      commands: seedCommands,
      authorization: await seedAuthorization(tokens),
      eventStore,
      logger: logger.child({ service: 'seed' }),
    }).catch((error: unknown) =>
      logger.error({ err: error }, 'seeding the demo services failed; run `npm run seed` to complete it'),
    );
    await seedDemoBlog({
      commands: seedCommands,
      authorization: await seedAuthorization(tokens),
      eventStore,
      logger: logger.child({ service: 'seed' }),
    })
      .catch((error: unknown) =>
        logger.error({ err: error }, 'seeding the demo blog failed; run `npm run seed` to complete it'),
      )
      .finally(() => seedCommands.close());
  }
  const queries = {
    readStore,
    eventStore,
    tokens,
    projections,
    projectionProgress: projectors.progress,
    invoiceDir: invoiceDirOf(dataDir),
    certificateDir: certificateDirOf(dataDir),
    legalRetentionYears: config.LEGAL_RETENTION_YEARS,
  };
  const shop = await buildPublicApp({
    commands: commandDeps,
    queries,
    staticDir: FRONTEND_DIST,
    contentDir,
    isServedContent: servedContentFiles(readStore),
    trustProxy: trustedProxies(config),
    logger: logger.child({ service: 'api' }),
  });
  await shop.listen({ host: config.HOST, port: config.PORT });
  const { port } = shop.server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`;
  // Started once the shop's address is known (PORT=0 in tests), because account mails link to it.
  const running = startWorkers({
    eventStore,
    readStore,
    redisUrl: config.REDIS_URL,
    dataDir,
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    prefix: config.QUEUE_PREFIX,
    logger: logger.child({ service: 'workers' }),
    reactors,
    legalRetentionYears: config.LEGAL_RETENTION_YEARS,
    invoiceConcurrency: config.INVOICE_CONCURRENCY,
    customerEmails: { publicUrl: config.PUBLIC_URL ? publicUrl(config) : url, tokenKey: emailTokenKey },
    orderEmails: { publicUrl: config.PUBLIC_URL ? publicUrl(config) : url, salesEmail: config.SALES_EMAIL },
    inboxEmails: { publicUrl: config.PUBLIC_URL ? publicUrl(config) : url, salesEmail: config.SALES_EMAIL },
  });
  startedWorkers.reactNow = (events) => running.reactNow(events);

  return {
    url,
    async stop() {
      await shop.close();
      await Promise.all([projectors.stop(), running.stop(), sessions.stop()]);
      await stores.close();
    },
  };
}

async function catalogueIsEmpty(eventStore: EventStore): Promise<boolean> {
  for await (const _event of eventStore.readStream(CATALOGUE_STREAM, { toRevision: 0 })) return false;
  return true;
}

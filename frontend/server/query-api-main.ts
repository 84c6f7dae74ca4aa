import { runService } from '@labshop/platform/run-service';
import { trustedProxies } from '@labshop/platform/config';
import { openStores } from '@labshop/platform/stores';
import { jwtSecret } from '@labshop/platform/jwt-secret';
import { createTokenService } from '@labshop/platform/auth/tokens';
import { startSessionGenerations } from '@labshop/platform/auth/session-generations';
import { projections } from '@labshop/projectors';
import { resolve } from 'node:path';
import { certificateDirOf, invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { buildQueryApp } from '@labshop/query-api/app';

/**
 * The query API on its own (docker compose; `npm start` runs it inside the one-process shop, labshop.ts). It lives here,
 * with the other composition roots, because it hands the query API the projectors' projections (status, time travel):
 * query-api itself never imports the projectors.
 */
await runService('query-api', async (config, logger) => {
  const stores = await openStores(config);
  const sessions = startSessionGenerations(stores.eventStore);
  const app = await buildQueryApp({
    ...stores,
    tokens: createTokenService(await jwtSecret(config), sessions.generationOf),
    projections,
    invoiceDir: invoiceDirOf(resolve(config.DATA_DIR)),
    certificateDir: certificateDirOf(resolve(config.DATA_DIR)),
    legalRetentionYears: config.LEGAL_RETENTION_YEARS,
    logger,
    trustProxy: trustedProxies(config),
  });
  await app.listen({ host: config.HOST, port: config.PORT });
  return {
    async stop() {
      await app.close();
      await sessions.stop();
      await stores.close();
    },
  };
});

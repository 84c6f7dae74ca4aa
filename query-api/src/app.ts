import { resolve } from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import { invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import type { EventStore } from '@labshop/platform/event-store/port';
import type { ReadStore } from '@labshop/platform/read-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { createHttpApp } from '@labshop/platform/http/create-http-app';
import type { Projection, ProjectionProgress } from '@labshop/platform/read-store/projection';
import { createReadModels } from './read-models.ts';
import { readYourWrites } from './read-your-writes.ts';
import { catalogueQueries } from './catalogue/routes.ts';
import { storefrontCatalogueQueries } from './catalogue/storefront-routes.ts';
import { adminCatalogueQueries } from './catalogue/admin-routes.ts';
import { auditLogQueries } from './audit-log/routes.ts';
import { accountQueries } from './account/routes.ts';
import { orderQueries } from './orders/routes.ts';
import { invoiceQueries } from './invoices/routes.ts';
import { orderDeskQueries } from './order-desk/routes.ts';
import { cartQueries } from './carts/routes.ts';
import { statusQueries } from './status/routes.ts';
import { timeTravelQueries } from './time-travel/routes.ts';
import { serviceQueries } from './services/routes.ts';
import { financeQueries } from './finance/routes.ts';
import { inboxQueries } from './inbox/routes.ts';
import { productUploadQueries } from './product-uploads/routes.ts';
import { blogQueries } from './blog/routes.ts';
import { privacyQueries } from './privacy/routes.ts';
import { taxExemptionQueries } from './tax-exemptions/routes.ts';
import { backOfficeQueries } from './back-office/routes.ts';
import { DEFAULT_LEGAL_RETENTION_YEARS } from '@labshop/contracts/orders/erasure-statement';

export interface QueryRoutesDeps {
  readStore: ReadStore;
  /** For the projections' lag and the finance ledger's replay; written only to record staff downloads of an erased customer's documents. */
  eventStore: EventStore;
  tokens: TokenService;
  /**
   * Every projection the projectors keep (given by the composition root, which runs them or knows what they run):
   * the status page lists their versions and checkpoints, time travel folds events through their own folds.
   */
  projections: readonly Projection[];
  /** The projection runner of this process, when it runs one (`npm start`): read-your-writes waits are woken by its commits instead of polling. */
  projectionProgress?: ProjectionProgress;
  /** How long a read waits for the reader's own write to be projected. */
  readYourWritesTimeoutMs?: number;
  /** How many requests may wait for their position at once (64 by default). */
  maxReadYourWritesWaiters?: number;
  /** How long storefront catalogue reads without a position may be served from memory (100 ms by default). */
  catalogueCacheMaxAgeMs?: number;
  /** Where the workers store issued invoices (`<DATA_DIR>/invoices`); by default ./data/invoices. */
  invoiceDir?: string;
  /** Where tax exemption certificates (PDF) are stored (`<DATA_DIR>/tax-certificates`); by default ./data/tax-certificates. */
  certificateDir?: string;
  /** Years an erased customer's invoices and credit notes are kept (LEGAL_RETENTION_YEARS, 7 by default): the privacy statement says it. */
  legalRetentionYears?: number;
  /** The clock reads that depend on time use (cart expiry, the best sellers' window); tests move it. */
  now?: () => Date;
}

export interface QueryApiDeps extends QueryRoutesDeps {
  logger?: FastifyBaseLogger | boolean;
  /** Proxies whose X-Forwarded-For is believed (the gateway in compose); by default none. */
  trustProxy?: string | false;
}

/**
 * Every query route, as a plugin: its own service (buildQueryApp) registers it on its own app, the
 * one-process shop on the public app next to the command routes. The read-your-writes hook stays
 * inside this plugin's scope.
 */
export const queryRoutes: FastifyPluginAsync<QueryRoutesDeps> = async (app, deps) => {
  const readModels = createReadModels(deps.readStore, deps.projectionProgress);
  readYourWrites(app, {
    readModels,
    eventStore: deps.eventStore,
    timeoutMs: deps.readYourWritesTimeoutMs ?? 5_000,
    maxWaiters: deps.maxReadYourWritesWaiters,
  });
  await app.register(catalogueQueries, { readModels, tokens: deps.tokens });
  await app.register(storefrontCatalogueQueries, {
    readModels,
    cacheMaxAgeMs: deps.catalogueCacheMaxAgeMs,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(adminCatalogueQueries, { readModels, tokens: deps.tokens });
  await app.register(auditLogQueries, { readModels, tokens: deps.tokens });
  await app.register(accountQueries, {
    readModels,
    tokens: deps.tokens,
    eventStore: deps.eventStore,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(orderQueries, { readModels, tokens: deps.tokens });
  await app.register(invoiceQueries, {
    readModels,
    tokens: deps.tokens,
    invoiceDir: deps.invoiceDir ?? invoiceDirOf(resolve('data')),
  });
  await app.register(taxExemptionQueries, {
    readModels,
    tokens: deps.tokens,
    certificateDir: deps.certificateDir ?? resolve('data', 'tax-certificates'),
  });
  await app.register(privacyQueries, {
    legalRetentionYears: deps.legalRetentionYears ?? DEFAULT_LEGAL_RETENTION_YEARS,
  });
  await app.register(orderDeskQueries, { readModels, tokens: deps.tokens });
  await app.register(cartQueries, { readModels, tokens: deps.tokens, now: deps.now ?? (() => new Date()) });
  await app.register(timeTravelQueries, {
    readModels,
    eventStore: deps.eventStore,
    tokens: deps.tokens,
    projections: deps.projections,
  });
  await app.register(serviceQueries, { readModels, tokens: deps.tokens });
  await app.register(inboxQueries, { readModels, tokens: deps.tokens });
  await app.register(backOfficeQueries, { readModels, tokens: deps.tokens, now: deps.now ?? (() => new Date()) });
  await app.register(productUploadQueries, { readModels, tokens: deps.tokens });
  await app.register(blogQueries, { readModels, tokens: deps.tokens });
  await app.register(statusQueries, {
    tokens: deps.tokens,
    eventStore: deps.eventStore,
    readStore: deps.readStore,
    projections: deps.projections,
  });
  await app.register(financeQueries, {
    eventStore: deps.eventStore,
    tokens: deps.tokens,
    now: deps.now ?? (() => new Date()),
  });
};

/** The query API: reads of the read models, never writes. */
export async function buildQueryApp(deps: QueryApiDeps) {
  const app = await createHttpApp({
    title: 'LabShop query API',
    docsPrefix: '/api/docs',
    logger: deps.logger,
    trustProxy: deps.trustProxy,
  });
  await app.register(queryRoutes, deps);
  return app;
}

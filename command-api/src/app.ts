import { resolve } from 'node:path';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import type { EventStore, RecordedEvent } from '@labshop/platform/event-store/port';
import type { TokenService } from '@labshop/platform/auth/tokens';
import { createHttpApp } from '@labshop/platform/http/create-http-app';
import { invoiceDirOf } from '@labshop/platform/invoices/invoice-store';
import { adminAuthRoutes } from './admins/routes.ts';
import { createSignInGuard, type SignInGuardOptions } from './auth/sign-in-guard.ts';
import { customerAccounts, type CustomerAccountsOptions } from './customers/plugin.ts';
import { catalogueRoutes } from './catalogue/routes.ts';
import { subproductRoutes } from './catalogue/subproducts/routes.ts';
import { detailRoutes } from './catalogue/details/routes.ts';
import { detailFileRoutes } from './catalogue/files/routes.ts';
import { cartRoutes } from './carts/routes.ts';
import { orderRoutes } from './orders/routes.ts';
import type { OrderNumberAllocator } from './orders/order-number.ts';
import { DEFAULT_SHOPPER_LIMITS, type ShopperLimits } from './shopper-limits.ts';
import { orderDeskRoutes } from './orders/desk-routes.ts';
import { retainedDocumentRoutes } from './orders/retained-document-routes.ts';
import { serviceRoutes } from './services/routes.ts';
import {
  DEFAULT_ACKNOWLEDGEMENT_BUDGET,
  DEFAULT_VISITOR_FORM_RATE_LIMIT,
  inboxRoutes,
  type AcknowledgementBudget,
  type VisitorFormRateLimit,
} from './inbox/routes.ts';
import { productUploadRoutes } from './product-uploads/routes.ts';
import { blogRoutes } from './blog/routes.ts';
import { taxExemptionRoutes } from './tax-exemptions/routes.ts';

export interface CommandRoutesDeps {
  eventStore: EventStore;
  tokens: TokenService;
  loginRateLimit?: { max: number; timeWindow: string };
  /** Where uploaded files are stored (served at /content by the gateway); `<DATA_DIR>/content`, by default data/content. */
  contentDir?: string;
  /** Customer registration, sign-in, recovery and profile; served when given (main.ts and the one-process shop always give it). */
  customers?: CustomerAccountsOptions;
  /** Where tax exemption certificates (PDF) are stored; `<DATA_DIR>/tax-certificates`, by default data/tax-certificates. */
  certificateDir?: string;
  /** Where the workers store issued invoices, credit notes and receipts; `<DATA_DIR>/invoices`, by default data/invoices. */
  invoiceDir?: string;
  /** The clock of decisions that depend on time (cart expiry); tests move it. */
  now?: () => Date;
  /** Inquiries and contact messages per client address and form; by default 5 in 15 minutes. */
  visitorFormRateLimit?: VisitorFormRateLimit;
  /** Acknowledgement mails per form (whole site) and per recipient; by default 30 an hour and 2 a day. */
  acknowledgementBudget?: AcknowledgementBudget;
  /** Where order numbers come from; by default the day's counter stream with room for 9,999,999 (tests reach the end of a small one). */
  orderNumbers?: OrderNumberAllocator;
  /** Cart and checkout limits per shopper and per address (DEFAULT_SHOPPER_LIMITS); false turns them off (benchmarks). */
  shopperLimits?: ShopperLimits | false;
  /** Device cookies' key (deriveDeviceCookieKey of the JWT secret) and the sign-in pauses; see auth/sign-in-guard.ts. */
  signIn?: SignInGuardOptions;
  /**
   * Hands the events a submitted order appended (PurchaseOrderSubmitted, QuoteRequested) to their reactors' jobs at
   * once, without waiting: the invoice job starts without a trip through the subscription. The jobs have the ids the
   * reactor derives from the events, so its own enqueue of them later is the same job; it is the safety net when
   * this one fails or the process dies first. The one-process shop gives it (the workers' `reactNow`).
   */
  reactNow?: (events: readonly RecordedEvent[]) => void;
}

export interface CommandApiDeps extends CommandRoutesDeps {
  logger?: FastifyBaseLogger | boolean;
  /** Shares rate-limit counters between instances. */
  redis?: Redis;
  /** Proxies whose X-Forwarded-For is believed (the gateway in compose); by default none. */
  trustProxy?: string | false;
}

/**
 * Every command route, as a plugin: its own service (buildCommandApp) registers it on its own app,
 * the one-process shop on the public app next to the query routes.
 */
export const commandRoutes: FastifyPluginAsync<CommandRoutesDeps> = async (app, deps) => {
  const signInGuard = createSignInGuard(deps.signIn);
  await app.register(adminAuthRoutes, {
    eventStore: deps.eventStore,
    tokens: deps.tokens,
    loginRateLimit: deps.loginRateLimit ?? { max: 10, timeWindow: '1 minute' },
    signInGuard,
  });
  const certificateDir = deps.certificateDir ?? resolve('data', 'tax-certificates');
  if (deps.customers)
    await app.register(customerAccounts, {
      ...deps.customers,
      eventStore: deps.eventStore,
      tokens: deps.tokens,
      signInGuard,
      certificateDir,
    });
  const catalogue = { eventStore: deps.eventStore, tokens: deps.tokens };
  await app.register(catalogueRoutes, catalogue);
  await app.register(subproductRoutes, catalogue);
  await app.register(detailRoutes, catalogue);
  await app.register(detailFileRoutes, { ...catalogue, contentDir: deps.contentDir ?? resolve('data', 'content') });
  const shopperLimits = deps.shopperLimits ?? DEFAULT_SHOPPER_LIMITS;
  await app.register(cartRoutes, { ...catalogue, now: deps.now ?? (() => new Date()), shopperLimits });
  await app.register(orderRoutes, {
    ...catalogue,
    now: deps.now ?? (() => new Date()),
    orderNumbers: deps.orderNumbers,
    shopperLimits,
    reactNow: deps.reactNow,
  });
  await app.register(orderDeskRoutes, { ...catalogue, now: deps.now ?? (() => new Date()) });
  await app.register(retainedDocumentRoutes, {
    ...catalogue,
    invoiceDir: deps.invoiceDir ?? invoiceDirOf(resolve('data')),
    now: deps.now ?? (() => new Date()),
  });
  await app.register(serviceRoutes, catalogue);
  await app.register(inboxRoutes, {
    ...catalogue,
    rateLimit: deps.visitorFormRateLimit ?? DEFAULT_VISITOR_FORM_RATE_LIMIT,
    acknowledgements: deps.acknowledgementBudget ?? DEFAULT_ACKNOWLEDGEMENT_BUDGET,
    now: deps.now ?? (() => new Date()),
  });
  await app.register(productUploadRoutes, { ...catalogue, contentDir: deps.contentDir ?? resolve('data', 'content') });
  await app.register(blogRoutes, catalogue);
  await app.register(taxExemptionRoutes, {
    eventStore: deps.eventStore,
    tokens: deps.tokens,
    certificateDir,
    now: deps.now ?? (() => new Date()),
  });
};

/** The command API: validates commands, decides, appends events. Every write answers with its position. */
export async function buildCommandApp(deps: CommandApiDeps) {
  const app = await createHttpApp({
    title: 'LabShop command API',
    docsPrefix: '/api/docs/commands',
    logger: deps.logger,
    redis: deps.redis,
    trustProxy: deps.trustProxy,
  });
  await app.register(commandRoutes, deps);
  return app;
}

import { z } from 'zod';
import { DEFAULT_LEGAL_RETENTION_YEARS } from '@labshop/contracts/orders/erasure-statement';

const DURATION_UNITS_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration like `90s`, `30m`, `48h` or `2d`, read as milliseconds. */
const duration = z
  .string()
  .regex(/^\d+[smhd]$/, 'use a whole number followed by s, m, h or d, e.g. 48h')
  .transform(
    (value) => Number(value.slice(0, -1)) * DURATION_UNITS_MS[value.slice(-1) as keyof typeof DURATION_UNITS_MS],
  );

/** How many documents a worker process renders at once unless INVOICE_CONCURRENCY says otherwise. */
export const DEFAULT_INVOICE_CONCURRENCY = 16;

/** Every setting of LabShop, read once from the environment. Production sets EVENTSTORE_URL and MONGODB_URL. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /**
   * The proxies whose X-Forwarded-For is believed (addresses or CIDRs, comma-separated, e.g. the
   * compose gateway's `172.28.0.2`). Unset: the peer address is the client, whatever the header says.
   */
  TRUST_PROXY: z.string().optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/labshop'),
  EVENTSTORE_URL: z.string().optional(),
  MONGODB_URL: z.string().optional(),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  DATA_DIR: z.string().default('data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('LabShop <no-reply@labshop.local>'),
  /** BullMQ key prefix: separate shops sharing one Redis (tests) never take each other's jobs. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('labshop'),
  PUBLIC_URL: z.string().optional(),
  /** The sales inbox told of every purchase order and quote request; unset, nobody is told by mail. */
  SALES_EMAIL: z.email().optional(),
  /** How long an emailed activation link works (milliseconds once read). */
  ACTIVATION_TOKEN_TTL: duration.prefault('48h'),
  /** How long an emailed password-reset link works (milliseconds once read). */
  RESET_TOKEN_TTL: duration.prefault('1h'),
  /** Years an erased customer's invoices and credit notes are kept (legal records) from their issue date, then shredded. */
  LEGAL_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(DEFAULT_LEGAL_RETENTION_YEARS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * How many invoice, credit note and receipt documents a worker process renders at once. Rendering is CPU work, but
   * each job also waits on the event store and the disk: one at a time left the confirmation mail queueing behind the
   * documents before it under load. Two jobs for one order still issue one document (each appends at the revision it read).
   */
  INVOICE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(DEFAULT_INVOICE_CONCURRENCY),
  /** Cart and checkout limits per shopper and per client address (command-api/src/shopper-limits.ts); 'off' only for benchmarks. */
  SHOPPER_LIMITS: z.enum(['on', 'off']).default('on'),
});

export type Config = z.infer<typeof configSchema>;

/** Where the shop is reached from outside: links in mail point here. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (VAR= in a .env or compose file) means unset.
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** Fastify's trustProxy setting for TRUST_PROXY: only the listed proxies, or none. */
export function trustedProxies(config: Pick<Config, 'TRUST_PROXY'>): string | false {
  return config.TRUST_PROXY?.trim() || false;
}

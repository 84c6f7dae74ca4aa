import { z } from 'zod';

/** Every setting of LabShop, read once from the environment. Production sets EVENTSTORE_URL and MONGODB_URL. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
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
  QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9_-]+$/).default('labshop'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (VAR= in a .env or compose file) means unset.
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

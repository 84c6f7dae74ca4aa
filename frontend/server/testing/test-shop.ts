import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig, type Config } from '@labshop/platform/config';
import { createLogger, type DestinationStream } from '@labshop/platform/logger';
import { createTestDatabase } from '@labshop/platform/testing/postgres';
import { startLabShop } from '../labshop.ts';

export interface TestShop {
  url: string;
  dataDir: string;
  config: Config;
  stop(): Promise<void>;
}

/**
 * The whole shop on a free port, on a fresh database, its own data folder and its own queue prefix,
 * so test files running side by side never share events, files or jobs. A DATABASE_URL among the
 * settings (an outage drill's own cluster) is used as it is, and left to its owner.
 */
export interface TestShopOptions {
  /** Where the shop's log lines go instead of stdout, for a test that reads what was logged. */
  logDestination?: DestinationStream;
  /** Fill the fresh shop with the demo catalogue, services and blog, as `npm start` does on a first start. */
  seedDemoCatalogue?: boolean;
}

export async function startTestShop(
  settings: Record<string, string> = {},
  { logDestination, seedDemoCatalogue = false }: TestShopOptions = {},
): Promise<TestShop> {
  const database = settings.DATABASE_URL
    ? { url: settings.DATABASE_URL, drop: async () => undefined }
    : await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'labshop-'));
  const config = readConfig({
    PORT: '0',
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `labshop-test-${randomBytes(4).toString('hex')}`,
    LOG_LEVEL: 'warn',
    ...settings,
  });
  try {
    const shop = await startLabShop(config, createLogger(config.LOG_LEVEL, 'labshop', logDestination), {
      seedDemoCatalogue,
    });
    return {
      url: shop.url,
      dataDir,
      config,
      async stop() {
        await shop.stop();
        await database.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

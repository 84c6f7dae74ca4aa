import { readConfig, type Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';

/**
 * Boots one service from the environment and stops it cleanly on SIGINT/SIGTERM. Each service's
 * main.ts is just this call with its own start function.
 */
export async function runService(
  name: string,
  start: (config: Config, logger: Logger) => Promise<{ stop(): Promise<void> }>,
) {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL, name);
  try {
    const service = await start(config, logger);
    const shutdown = (signal: string) => {
      logger.info({ signal }, 'shutting down');
      service.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  } catch (error) {
    logger.fatal((error as Error).message);
    process.exit(1);
  }
}

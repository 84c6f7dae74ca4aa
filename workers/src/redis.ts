import { Redis } from 'ioredis';
import type { Logger } from './logger.ts';
import { createLogThrottle } from './retry.ts';

/**
 * `commands`: enqueueing and the sent-mail ledger. A command waits through at most two reconnect
 * attempts and then fails, so the reactor sees an outage as an error it can retry and log, not as a
 * promise that hangs. `blocking`: BullMQ workers, whose blocking reads must wait for Redis to return
 * (BullMQ insists on `maxRetriesPerRequest: null` there).
 */
export type RedisRole = 'commands' | 'blocking';

const RECONNECT_DELAY_MAX_MS = 2_000;
const ERROR_LOG_INTERVAL_MS = 30_000;

export function connectRedis(url: string, role: RedisRole, logger: Logger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: role === 'blocking' ? null : 2,
    retryStrategy: (attempt) => Math.min(100 * attempt, RECONNECT_DELAY_MAX_MS),
    connectionName: `labshop-workers-${role}`,
  });
  // ioredis reports every failed reconnect (every 2 s during an outage); one line per run is enough.
  const throttle = createLogThrottle(ERROR_LOG_INTERVAL_MS);
  let failing = false;
  redis.on('error', (error: Error) => {
    failing = true;
    const suppressed = throttle.allow();
    if (suppressed !== null) logger.warn({ role, error: error.message, suppressed }, 'Redis connection failing');
  });
  redis.on('ready', () => {
    if (!failing) return;
    failing = false;
    throttle.reset();
    logger.info({ role }, 'Redis connection restored');
  });
  return redis;
}

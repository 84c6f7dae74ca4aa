import { Redis } from 'ioredis';
import { redact } from './postgres-database.ts';

/** Fails fast, saying how to start Redis, when nothing answers at `url`. */
export async function assertRedisReachable(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 3_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${redact(url)} (${(error as Error).message}).\n` +
        'Start it with: redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no',
    );
  } finally {
    client.disconnect();
  }
}

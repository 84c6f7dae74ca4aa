import pg from 'pg';

/**
 * The one way LabShop opens PostgreSQL connections. A restart, a failover or `pg_terminate_backend`
 * ends every connection with an error the driver emits as an `'error'` event on the client; pg-pool
 * listens only while a client is idle, so a client checked out (a transaction, a COPY, a migration)
 * had no listener and the event killed the process. Here every client gets a listener for its whole
 * life: the query in flight fails with the error (callers release the client with it, so the pool
 * discards it) and the next checkout connects afresh.
 */
export function createPostgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', ignoreLostConnection);
  pool.on('connect', (client) => client.on('error', ignoreLostConnection));
  return pool;
}

/** A single connection (start-up and maintenance work), guarded the same way as a pool's clients. */
export async function connectPostgresClient(config: pg.ClientConfig): Promise<pg.Client> {
  const client = new pg.Client(config);
  client.on('error', ignoreLostConnection);
  await client.connect();
  return client;
}

/**
 * What a lost connection's `'error'` event is for the process: nothing. The query that was running
 * (or the next one on that client) rejects with it, and that caller reports it.
 */
function ignoreLostConnection(): void {}

import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { connectPostgresClient } from '../postgres-connections.ts';

/** The server tests run against; a fresh database is made on it per test file. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name; `drop()` removes it (forcing other sessions off). */
export async function createTestDatabase(prefix = 'labshop_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(async (client) => {
        await sessionsGone(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * Gives the database's sessions a moment (up to half a second) to leave on their own before a forced drop: a
 * pool's end() resolves before its clients' sockets are closed, and forcing a session off sends its client a
 * FATAL error mid-close, which the test file then reports as an uncaught exception.
 */
async function sessionsGone(client: pg.Client, name: string): Promise<void> {
  for (let waited = 0; waited < 500; waited += 25) {
    const { rows } = await client.query<{ sessions: number }>(
      'SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectPostgresClient({ connectionString: TEST_POSTGRES_URL });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

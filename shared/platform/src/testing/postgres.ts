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
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = await connectPostgresClient({ connectionString: TEST_POSTGRES_URL });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

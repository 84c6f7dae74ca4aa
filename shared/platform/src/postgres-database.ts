import type pg from 'pg';
import { connectPostgresClient } from './postgres-connections.ts';

/** Creates the database named in `url` when the server does not have it yet (local runs start from nothing). */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Unsupported database name "${name}" in DATABASE_URL`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  let client: pg.Client;
  try {
    client = await connectPostgresClient({ connectionString: maintenance.toString() });
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${redact(url)} (${(error as Error).message}).\n` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  }
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${name}`).catch((error: { code?: string }) => {
        // Another process created it in the meantime.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

/** A connection URL without its password, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

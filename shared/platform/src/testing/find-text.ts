import { connectPostgresClient } from '../postgres-connections.ts';

export interface DatabaseSearch {
  /** How much was searched, so a test can show the search was not empty-handed by construction. */
  tables: number;
  rows: number;
  /** Each matching row as `schema.table: <the row as PostgreSQL renders it as text>`. */
  found: string[];
}

/**
 * Every row, in every table of every user schema, whose text form contains one of `needles`: the check
 * that a secret (a card number, a CVV) reached no event, read model, checkpoint or anything else stored.
 */
export async function searchDatabase(databaseUrl: string, needles: readonly string[]): Promise<DatabaseSearch> {
  const client = await connectPostgresClient({ connectionString: databaseUrl });
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const patterns = needles.map((needle) => `%${needle.replace(/[\\%_]/g, '\\$&')}%`);
    const search: DatabaseSearch = { tables: tables.length, rows: 0, found: [] };
    for (const { schema, name } of tables) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      const { rows } = await client.query<{ row: string; matches: boolean }>(
        `SELECT t::text AS row, t::text LIKE ANY ($1) AS matches FROM ${table} t`,
        [patterns],
      );
      search.rows += rows.length;
      search.found.push(...rows.filter((row) => row.matches).map((row) => `${schema}.${name}: ${row.row}`));
    }
    return search;
  } finally {
    await client.end();
  }
}

import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from './postgres.ts';

describe('createTestDatabase', () => {
  it('creates a database that can be used and then dropped', async () => {
    const db = await createTestDatabase();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT current_database() AS name');
    await client.end();
    await db.drop();
    expect(db.url.endsWith(rows[0]!.name)).toBe(true);
  });
});

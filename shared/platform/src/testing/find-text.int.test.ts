import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { searchDatabase } from './find-text.ts';
import { createTestDatabase, type TestDatabase } from './postgres.ts';

describe('searchDatabase', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(
      `CREATE SCHEMA other; CREATE TABLE public.events (data jsonb); CREATE TABLE other."Odd Name" (note text)`,
    );
    await client.query(
      `INSERT INTO public.events VALUES ('{"cardLast4": "4315"}'), ('{"cvv": "7351"}'); INSERT INTO other."Odd Name" VALUES ('50%_off'), ('plain')`,
    );
    await client.end();
  });

  afterAll(() => database.drop());

  it('finds a text in any row of any table, in every schema, and says how much it searched', async () => {
    const search = await searchDatabase(database.url, ['"7351"', '4929381652074315']);
    expect(search).toEqual({ tables: 2, rows: 4, found: ['public.events: ("{""cvv"": ""7351""}")'] });
  });

  it('takes the needles literally (LIKE wildcards in them match only themselves)', async () => {
    expect((await searchDatabase(database.url, ['5_%'])).found).toEqual([]);
    expect((await searchDatabase(database.url, ['0%_o'])).found).toEqual(['other.Odd Name: (50%_off)']);
  });
});

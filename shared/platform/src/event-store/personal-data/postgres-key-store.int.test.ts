import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/postgres.ts';
import { keyStoreContract } from './key-store.contract.ts';
import { createPostgresKeyStore } from './postgres-key-store.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

keyStoreContract('PostgreSQL', async () => {
  const keys = createPostgresKeyStore({ connectionString: database.url });
  await Promise.all([keys.migrate(), keys.migrate()]);
  return keys;
});

import { afterAll, beforeAll } from 'vitest';
import { createPostgresReadStore } from '@labshop/platform/read-store/index';
import { createTestDatabase, type TestDatabase } from '@labshop/platform/testing/postgres';
import { readModelsContract } from './read-models.contract.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase('labshop_read_models');
});
afterAll(async () => {
  await database?.drop();
});

readModelsContract('PostgreSQL', () => createPostgresReadStore({ connectionString: database.url }));

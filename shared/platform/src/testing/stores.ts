import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { openStores, type Stores } from '../stores.ts';
import { createTestDatabase } from './postgres.ts';

/**
 * Set by `npm run test:containers` to a MongoDB replica set it started: the suites it runs then keep their
 * read models in MongoDB (a fresh database each), through the same `openStores` production uses, while the
 * events stay in their own PostgreSQL database.
 */
export const TEST_MONGODB_URL_ENV = 'LABSHOP_TEST_MONGODB_URL';

/**
 * Real PostgreSQL event and read stores on a fresh database; `drop()` closes them and removes it. With
 * LABSHOP_TEST_MONGODB_URL set, the read store is MongoDB instead, on a fresh database `drop()` removes too.
 */
export async function createTestStores(): Promise<Stores & { databaseUrl: string; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const mongo = process.env[TEST_MONGODB_URL_ENV] ? mongoTestDatabase(process.env[TEST_MONGODB_URL_ENV]) : undefined;
  const stores = await openStores({ DATABASE_URL: database.url, MONGODB_URL: mongo?.url });
  return {
    ...stores,
    databaseUrl: database.url,
    async drop() {
      await stores.close();
      await Promise.all([database.drop(), mongo?.drop()]);
    },
  };
}

/** A database of its own on the MongoDB server at `serverUrl` (`mongodb://host:port/?options`). */
function mongoTestDatabase(serverUrl: string) {
  const url = new URL(serverUrl);
  url.pathname = `/labshop_test_${randomBytes(6).toString('hex')}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new MongoClient(url.toString());
      try {
        await client.db().dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

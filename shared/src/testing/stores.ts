import { openStores, type Stores } from '../stores.ts';
import { createTestDatabase } from './postgres.ts';

/** Real PostgreSQL event and read stores on a fresh database; `drop()` closes them and removes it. */
export async function createTestStores(): Promise<Stores & { databaseUrl: string; drop(): Promise<void> }> {
  const database = await createTestDatabase();
  const stores = await openStores({ DATABASE_URL: database.url });
  return {
    ...stores,
    databaseUrl: database.url,
    async drop() {
      await stores.close();
      await database.drop();
    },
  };
}

import type { Config } from './config.ts';
import type { EventStore } from './event-store/port.ts';
import type { ReadStore } from './read-store/port.ts';
import { createPostgresEventStore } from './event-store/postgres/postgres-event-store.ts';
import { createEventStoreDbEventStore } from './event-store/eventstoredb/eventstoredb-event-store.ts';
import { createPostgresReadStore } from './read-store/postgres/postgres-read-store.ts';
import { createMongoReadStore } from './read-store/mongodb/mongodb-read-store.ts';
import { ensurePostgresDatabase } from './postgres-database.ts';

export interface Stores {
  eventStore: EventStore;
  readStore: ReadStore;
  close(): Promise<void>;
}

/**
 * The real adapters the configuration asks for: EventStoreDB and MongoDB when their URLs are set
 * (production), PostgreSQL for whichever is not (local runs and CI), its database created if missing.
 */
export async function openStores(config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL' | 'MONGODB_URL'>): Promise<Stores> {
  if (!config.EVENTSTORE_URL || !config.MONGODB_URL) await ensurePostgresDatabase(config.DATABASE_URL);
  const eventStore = await openEventStore(config);
  const readStore = await openReadStore(config).catch(async (error: unknown) => {
    await eventStore.close();
    throw error;
  });
  return {
    eventStore,
    readStore,
    async close() {
      await Promise.all([eventStore.close(), readStore.close()]);
    },
  };
}

async function openEventStore(config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL'>): Promise<EventStore> {
  if (config.EVENTSTORE_URL) return createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL });
  const store = createPostgresEventStore({ connectionString: config.DATABASE_URL });
  await store.migrate();
  return store;
}

/** The read store alone, for a service that only reads (the compose gateway's /content check). */
export async function openReadStore(config: Pick<Config, 'DATABASE_URL' | 'MONGODB_URL'>): Promise<ReadStore> {
  if (config.MONGODB_URL) return createMongoReadStore({ url: config.MONGODB_URL, database: mongoDatabaseName(config.MONGODB_URL) });
  return createPostgresReadStore({ connectionString: config.DATABASE_URL });
}

/** The database named in a MongoDB connection string (which may list several hosts), `labshop` when it names none. */
function mongoDatabaseName(url: string): string {
  return /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1] ?? 'labshop';
}

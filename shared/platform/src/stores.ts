import type { Config } from './config.ts';
import type { EventStore } from './event-store/port.ts';
import type { ReadStore } from './read-store/port.ts';
import { createPostgresEventStore } from './event-store/postgres/postgres-event-store.ts';
import { createEventStoreDbEventStore } from './event-store/eventstoredb/eventstoredb-event-store.ts';
import { createPostgresReadStore } from './read-store/postgres/postgres-read-store.ts';
import { createMongoReadStore } from './read-store/mongodb/mongodb-read-store.ts';
import { ensurePostgresDatabase } from './postgres-database.ts';
import type { KeyStore } from './event-store/personal-data/key-store.ts';
import { createPostgresKeyStore } from './event-store/personal-data/postgres-key-store.ts';
import { createMongoKeyStore } from './event-store/personal-data/mongodb-key-store.ts';
import { withPersonalDataProtection } from './event-store/personal-data/personal-data-event-store.ts';
import { sealPlaintextEvents } from './event-store/personal-data/seal-plaintext-events.ts';
import { withLocalAppendListeners } from './event-store/local-appends.ts';
import { subscriptionRuntime } from './event-store/subscription-runtime.ts';

export interface Stores {
  eventStore: EventStore;
  readStore: ReadStore;
  close(): Promise<void>;
}

/**
 * The real adapters the configuration asks for: EventStoreDB and MongoDB when their URLs are set
 * (production), PostgreSQL for whichever is not (local runs and CI), its database created if missing.
 * The event store comes wrapped in the personal-data store (event-store/personal-data): customers'
 * personal fields are sealed with their own key, kept beside the events; and it tells this process's in-memory
 * folds of its appends (event-store/local-appends.ts).
 */
export async function openStores(
  config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL' | 'MONGODB_URL'>,
): Promise<Stores> {
  if (!config.EVENTSTORE_URL || !config.MONGODB_URL) await ensurePostgresDatabase(config.DATABASE_URL);
  const keyStore = await openKeyStore(config);
  const eventStore = await openEventStore(config, keyStore).catch(async (error: unknown) => {
    await keyStore.close();
    throw error;
  });
  const readStore = await openReadStore(config).catch(async (error: unknown) => {
    await Promise.all([eventStore.close(), keyStore.close()]);
    throw error;
  });
  return {
    eventStore,
    readStore,
    async close() {
      // Its agents first (the in-memory folds, and whatever the service left running), then the stores they read.
      await subscriptionRuntime(eventStore).stop();
      await Promise.all([eventStore.close(), readStore.close(), keyStore.close()]);
    },
  };
}

/** Keys live beside the events: in PostgreSQL with its event store, in MongoDB beside EventStoreDB (when it is configured). */
async function openKeyStore(
  config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL' | 'MONGODB_URL'>,
): Promise<KeyStore> {
  if (config.EVENTSTORE_URL && config.MONGODB_URL)
    return createMongoKeyStore({ url: config.MONGODB_URL, database: mongoDatabaseName(config.MONGODB_URL) });
  const keyStore = createPostgresKeyStore({ connectionString: config.DATABASE_URL });
  await keyStore.migrate();
  return keyStore;
}

async function openEventStore(
  config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL'>,
  keyStore: KeyStore,
): Promise<EventStore> {
  if (config.EVENTSTORE_URL)
    return withLocalAppendListeners(
      withPersonalDataProtection(createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL }), keyStore),
    );
  const store = createPostgresEventStore({ connectionString: config.DATABASE_URL });
  await store.migrate();
  await sealPlaintextEvents(config.DATABASE_URL, keyStore);
  return withLocalAppendListeners(withPersonalDataProtection(store, keyStore));
}

/** The read store alone, for a service that only reads (the compose gateway's /content check). */
export async function openReadStore(config: Pick<Config, 'DATABASE_URL' | 'MONGODB_URL'>): Promise<ReadStore> {
  if (config.MONGODB_URL)
    return createMongoReadStore({ url: config.MONGODB_URL, database: mongoDatabaseName(config.MONGODB_URL) });
  return createPostgresReadStore({ connectionString: config.DATABASE_URL });
}

/**
 * The event store alone, for a tool that only reads it (the finance CLI): personal data opened with the
 * customers' keys like every reader's, but no database, table or key table created and nothing sealed in
 * place, so a wrong address is an error instead of a new empty store. `close()` closes the keys too.
 */
export async function openEventStoreToRead(
  config: Pick<Config, 'DATABASE_URL' | 'EVENTSTORE_URL' | 'MONGODB_URL'>,
): Promise<EventStore> {
  const keyStore =
    config.EVENTSTORE_URL && config.MONGODB_URL
      ? createMongoKeyStore({ url: config.MONGODB_URL, database: mongoDatabaseName(config.MONGODB_URL) })
      : createPostgresKeyStore({ connectionString: config.DATABASE_URL });
  const inner = config.EVENTSTORE_URL
    ? createEventStoreDbEventStore({ connectionString: config.EVENTSTORE_URL })
    : createPostgresEventStore({ connectionString: config.DATABASE_URL, maxConnections: 1 });
  const eventStore = withPersonalDataProtection(inner, keyStore);
  return {
    ...eventStore,
    async close() {
      await Promise.all([eventStore.close(), keyStore.close()]);
    },
  };
}

/** The database named in a MongoDB connection string (which may list several hosts), `labshop` when it names none. */
function mongoDatabaseName(url: string): string {
  return /^mongodb(?:\+srv)?:\/\/[^/]+\/([^?]+)/.exec(url)?.[1] ?? 'labshop';
}

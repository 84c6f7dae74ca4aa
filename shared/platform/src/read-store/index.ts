export type {
  Collection,
  DocumentWrite,
  FieldCondition,
  Query,
  ReadStore,
  ReadStoreSession,
  Scalar,
  StoredDocument,
} from './port.ts';
export { ReadStoreQueryError } from './query.ts';
export { createPostgresReadStore, type PostgresReadStoreOptions } from './postgres/postgres-read-store.ts';
export { migratePostgresReadStore } from './postgres/migrate.ts';
export { createMongoReadStore, type MongoReadStoreOptions } from './mongodb/mongodb-read-store.ts';

export * from './port.ts';
export {
  createPostgresEventStore,
  type PostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store.ts';
export { migrateEventStore } from './postgres/schema.ts';
export {
  createEventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb/eventstoredb-event-store.ts';
